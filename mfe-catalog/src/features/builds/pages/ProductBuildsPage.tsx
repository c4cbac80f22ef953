import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  Button,
  ButtonLink,
  CannotShowPage,
  PageHeader,
  PaginationControls,
  Table,
  useIdParam,
  type Build,
  type TableColumn,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { productBuildsKey } from '../../../shared/api/get-builds';
import { ListToolbar } from '../../../shared/components/layout';
import { ProductSubtitle } from '../../../shared/components/ProductSubtitle';
import { buildColumns, buildTimestampColumns } from '../../../shared/components/build-columns';
import { catalogLinks } from 'shared-kit/pages';

const buildId = (build: Build) => build.id;
const buildLabel = (build: Build) => `build ${build.id}`;

/** /Home/ProductBuilds/{productID}: the product's builds; selected builds make a new release. */
export function ProductBuildsPage() {
  const productId = useIdParam('productID');
  const navigate = useNavigate();
  // Selected ids survive paging, so a release can combine builds from several pages.
  const list = useListController<Build>({
    listKey: (state) => productBuildsKey(productId, state),
    getRowId: buildId,
    selectRowsBy: buildLabel,
  });

  const columns = useMemo<TableColumn<Build>[]>(
    () => [
      ...buildColumns,
      ...buildTimestampColumns,
      {
        id: 'actions',
        header: 'Actions',
        cell: (build) => (
          <ButtonLink
            size="small"
            to={catalogLinks.buildDetails(build.product_id, build.id)}
            aria-label={`View details of build ${build.id}`}
          >
            View details
          </ButtonLink>
        ),
      },
    ],
    [],
  );

  if (productId === null) {
    return (
      <>
        <PageHeader title="Product Builds" />
        <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
          There is no product at this address.
        </CannotShowPage>
      </>
    );
  }

  const selected = list.selectedIds;
  const selectedIds = [...selected].map(Number).sort((a, b) => a - b);

  return (
    <>
      <PageHeader
        title="Product Builds"
        actions={
          <Button
            variant="primary"
            disabled={selected.size === 0}
            onClick={() => navigate(catalogLinks.createRelease(productId, selectedIds))}
          >
            Create Release
          </Button>
        }
      />
      <ProductSubtitle productId={productId} />
      <ListToolbar>
        <span role="status">
          {selected.size === 0 ? 'Select builds to make a release of them.' : `${selected.size} build(s) selected`}
        </span>
        <ExportButton list={list.key} />
      </ListToolbar>
      <Table
        caption="Builds"
        columns={columns}
        emptyText={list.error ? 'Builds could not be loaded. Please try again.' : 'No builds yet.'}
        {...list.tableProps}
      />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
