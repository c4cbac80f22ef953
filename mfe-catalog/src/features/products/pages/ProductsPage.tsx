import {
  ButtonLink,
  PageHeader,
  PaginationControls,
  SearchBox,
  Table,
  type Product,
  type TableColumn,
  useCan,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { ListToolbar, RowActions } from '../../../shared/components/layout';
import { productsKey } from '../api/get-products';
import { catalogLinks, licensingLinks } from 'shared-kit/pages';

const productId = (product: Product) => product.id;

const columns: TableColumn<Product>[] = [
  { id: 'id', header: 'ID', cell: (product) => product.id, width: '72px' },
  { id: 'identifier', header: 'Identifier', cell: (product) => product.identifier ?? '' },
  { id: 'name', header: 'Name', cell: (product) => product.name },
  { id: 'series', header: 'Series', cell: (product) => product.series ?? '' },
  { id: 'type', header: 'Type', cell: (product) => product.type },
  {
    id: 'actions',
    header: 'Actions',
    cell: (product) => (
      <RowActions>
        <ButtonLink size="small" to={catalogLinks.updateProduct(product)} aria-label={`Edit ${product.name}`}>
          Edit
        </ButtonLink>
        <ButtonLink size="small" to={catalogLinks.productBuilds(product.id)} aria-label={`Builds of ${product.name}`}>
          Builds
        </ButtonLink>
        <ButtonLink
          size="small"
          to={catalogLinks.productReleases(product.id)}
          aria-label={`Releases of ${product.name}`}
        >
          Releases
        </ButtonLink>
        <ButtonLink
          size="small"
          to={licensingLinks.productLicenses(product)}
          aria-label={`Licenses of ${product.name}`}
        >
          Licenses
        </ButtonLink>
        <ButtonLink size="small" to={licensingLinks.productTrials(product)} aria-label={`Trials of ${product.name}`}>
          Trials
        </ButtonLink>
      </RowActions>
    ),
  },
];

/** /Home/MyProducts: the manufacturer's products, searched by identifier, paged; the state is remembered. */
export function ProductsPage() {
  const list = useListController<Product>({ listKey: productsKey, getRowId: productId });
  const { search, setSearch } = list.state;
  const catalogWrite = useCan('catalog.write');
  return (
    <>
      <PageHeader
        title="My Products"
        actions={
          <ButtonLink variant="primary" to={catalogLinks.createProduct()} {...catalogWrite.lock}>
            New Product
          </ButtonLink>
        }
      />
      <ListToolbar>
        <SearchBox placeholder="Search Product by Identifier" value={search} onSearch={setSearch} />
        <ExportButton list={list.key} />
      </ListToolbar>
      <Table
        caption="Products"
        columns={columns}
        emptyText={
          list.error
            ? 'Products could not be loaded. Please try again.'
            : search
              ? 'No product matches this identifier.'
              : 'No products yet.'
        }
        {...list.tableProps}
      />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
