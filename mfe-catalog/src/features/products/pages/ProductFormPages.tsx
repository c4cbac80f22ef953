import { ButtonLink, CannotShowPage, PageHeader, Row, Spinner, useCan, useIdParam, type Product } from 'shared-kit';
import { HistorySection } from 'shared-kit/data';
import { useProduct } from '../../../shared/api/get-product';
import { useSaveThenLeave, type AfterSave } from '../../../shared/use-save-then-leave';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from '../components/ProductForm';
import {
  NEW_PRODUCT_FORM,
  formOfProduct,
  toCreateBody,
  toPatchBody,
  type ProductFormValues,
} from '../components/product-form';
import { catalogLinks } from 'shared-kit/pages';

/** docs/console.md, Product form: Save returns to My Products, confirming which product was saved with a link back. */
const afterProductSave: AfterSave<Product> = {
  leaveTo: catalogLinks.products(),
  saved: (product) => ({
    message: `Product ${product.name} saved.`,
    link: { label: `Open ${product.name}`, to: catalogLinks.updateProduct(product) },
  }),
};

/** /Home/CreateProduct; a role that may not create products, come by the address, finds the reason, not the form. */
export function CreateProductPage() {
  const catalogWrite = useCan('catalog.write');
  const createProduct = useCreateProduct();
  const saveThenLeave = useSaveThenLeave(createProduct);
  const save = (values: ProductFormValues) => saveThenLeave(toCreateBody(values), afterProductSave);
  if (!catalogWrite.allowed)
    return (
      <>
        <PageHeader title="Create Product" />
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          {catalogWrite.reason}
        </CannotShowPage>
      </>
    );
  return (
    <>
      <PageHeader title="Create Product" />
      <ProductForm
        initialValues={NEW_PRODUCT_FORM}
        onSave={save}
        saving={createProduct.isMutating}
        cancelTo={catalogLinks.products()}
      />
    </>
  );
}

/** /Home/UpdateProduct/{productID} */
export function UpdateProductPage() {
  const productId = useIdParam('productID');
  const { data: product, isLoading } = useProduct(productId);
  const updateProduct = useUpdateProduct();
  const saveThenLeave = useSaveThenLeave(updateProduct);

  const body = () => {
    if (productId === null || (!isLoading && !product)) {
      return (
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          This product could not be loaded.
        </CannotShowPage>
      );
    }
    if (!product) return <Spinner label="Loading product..." />;
    const save = (values: ProductFormValues) =>
      saveThenLeave({ productId: product.id, body: toPatchBody(values, product) }, afterProductSave);
    // Keyed by the product so a product loaded afresh starts the form from its saved values.
    return (
      <ProductForm
        key={`${product.id}-${product.updated_at}`}
        initialValues={formOfProduct(product)}
        product={product}
        onSave={save}
        saving={updateProduct.isMutating}
        cancelTo={catalogLinks.products()}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={productId === null ? 'Update Product' : `Update Product ${productId}`}
        actions={
          productId !== null && (
            <Row $wrap>
              <ButtonLink to={catalogLinks.productLicensing(productId)}>Licensing</ButtonLink>
              <ButtonLink to={catalogLinks.productBatches(productId)}>Serial batches</ButtonLink>
            </Row>
          )
        }
      />
      {body()}
      {product && (
        <HistorySection objectType="product" objectId={product.id} caption={`History of product ${product.id}`} />
      )}
    </>
  );
}
