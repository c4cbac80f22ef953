import { useNavigate } from 'react-router';
import { PageHeader, Spinner } from 'shared-kit';
import { useProduct } from '../../data/products/get-product';
import { useCreateProduct, useUpdateProduct } from '../../data/products/save-product';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { useIdParam } from '../../components/route-params';
import { useReportSaveError } from '../../components/use-save-error';
import { ProductForm } from './ProductForm';
import { NEW_PRODUCT_FORM, formOfProduct, toCreateBody, toPatchBody, type ProductFormValues } from './product-form-state';
import { productLinks } from './product-links';

/** /Home/CreateProduct */
export function CreateProductPage() {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const reportError = useReportSaveError();
  const save = async (values: ProductFormValues) => {
    try {
      await createProduct(toCreateBody(values));
    } catch (error) {
      reportError(error);
      throw error;
    }
    navigate(productLinks.list);
  };
  return (
    <>
      <PageHeader title="Create Product" />
      <ProductForm initialValues={NEW_PRODUCT_FORM} onSave={save} cancelTo={productLinks.list} />
    </>
  );
}

/** /Home/UpdateProduct/{productID} */
export function UpdateProductPage() {
  const productId = useIdParam('productID');
  const navigate = useNavigate();
  const { data: product, isLoading } = useProduct(productId);
  const updateProduct = useUpdateProduct();
  const reportError = useReportSaveError();

  const body = () => {
    if (productId === null || (!isLoading && !product)) {
      return (
        <NotFoundMessage backTo={productLinks.list} backLabel="Back to My Products">
          This product could not be loaded.
        </NotFoundMessage>
      );
    }
    if (!product) return <Spinner label="Loading product..." />;
    const save = async (values: ProductFormValues) => {
      try {
        await updateProduct(product.id, toPatchBody(values, product));
      } catch (error) {
        reportError(error);
        throw error;
      }
      navigate(productLinks.list);
    };
    // Keyed by the product so a product loaded afresh starts the form from its saved values.
    return <ProductForm key={`${product.id}-${product.updated_at}`} initialValues={formOfProduct(product)} product={product} onSave={save} cancelTo={productLinks.list} />;
  };

  return (
    <>
      <PageHeader title={productId === null ? 'Update Product' : `Update Product ${productId}`} />
      {body()}
    </>
  );
}
