import {
  Button,
  ButtonLink,
  CannotShowPage,
  formatDateTime,
  PageHeader,
  PaginationControls,
  Table,
  useCan,
  useIdParam,
  type Release,
  type TableColumn,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { useProduct } from '../../../shared/api/get-product';
import { ListToolbar } from '../../../shared/components/layout';
import { ProductSubtitle } from '../../../shared/components/ProductSubtitle';
import { yesNo } from '../../../shared/components/build-format';
import { productReleasesKey } from '../api/get-releases';
import { catalogLinks } from 'shared-kit/pages';

const releaseId = (release: Release) => release.id;

const columns: TableColumn<Release>[] = [
  { id: 'id', header: 'ID', cell: (release) => release.id, width: '72px' },
  { id: 'description', header: 'Description', cell: (release) => release.description ?? '' },
  { id: 'unlocks', header: 'Unlocks Without License', cell: (release) => yesNo(release.unlocks_wo_license) },
  { id: 'min', header: 'App Version Min', cell: (release) => release.app_version_min ?? '' },
  { id: 'max', header: 'App Version Max', cell: (release) => release.app_version_max ?? '' },
  {
    id: 'channels',
    header: 'Distribution Channels',
    cell: (release) => release.distributions.map((distribution) => distribution.channel.name).join(', '),
  },
  { id: 'created_at', header: 'Created At', cell: (release) => formatDateTime(release.created_at) },
  { id: 'updated_at', header: 'Updated At', cell: (release) => formatDateTime(release.updated_at) },
  {
    id: 'actions',
    header: 'Actions',
    cell: (release) => (
      <ButtonLink
        size="small"
        to={catalogLinks.updateRelease(release.product_id, release.id)}
        aria-label={`Edit release ${release.id}`}
      >
        Edit
      </ButtonLink>
    ),
  },
];

/** /Home/ProductReleases/{productID}: the product and its releases. */
export function ProductReleasesPage() {
  const productId = useIdParam('productID');
  const list = useListController<Release>({
    listKey: (state) => productReleasesKey(productId, state),
    getRowId: releaseId,
  });
  // A release needs a product: no working New Release until the product is known to exist.
  const productExists = useProduct(productId).data !== undefined;
  const releasesWrite = useCan('releases.write');
  if (productId === null) {
    return (
      <>
        <PageHeader title="Product Releases" />
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          There is no product at this address.
        </CannotShowPage>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Product Releases"
        actions={
          productExists ? (
            <ButtonLink variant="primary" to={catalogLinks.createRelease(productId)} {...releasesWrite.lock}>
              New Release
            </ButtonLink>
          ) : (
            <Button variant="primary" disabled>
              New Release
            </Button>
          )
        }
      />
      <ProductSubtitle productId={productId} />
      <ListToolbar>
        <ExportButton list={list.key} />
      </ListToolbar>
      <Table
        caption="Releases"
        columns={columns}
        emptyText={list.error ? 'Releases could not be loaded. Please try again.' : 'No releases yet.'}
        {...list.tableProps}
      />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
