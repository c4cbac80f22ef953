import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, PageHeader, PaginationControls, Table, useListState, type Build, type RowId, type TableColumn } from 'shared-kit';
import { useProductBuilds } from '../../data/builds/get-builds';
import { ButtonLink } from '../../components/ButtonLink';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { Toolbar } from '../../components/layout';
import { useIdParam } from '../../components/route-params';
import { ProductSubtitle } from '../../components/ProductSubtitle';
import { buildColumns, buildTimestampColumns } from '../../components/build-columns';
import { buildLinks } from './build-links';

/** /Home/ProductBuilds/{productID}: the product's builds; selected builds make a new release. */
export function ProductBuildsPage() {
  const productId = useIdParam('productID');
  const navigate = useNavigate();
  const list = useListState();
  const { rows, pagination, isLoading, error } = useProductBuilds(productId, list.page, list.perPage);
  // Selected ids survive paging, so a release can combine builds from several pages.
  const [selected, setSelected] = useState<ReadonlySet<RowId>>(new Set());

  const columns = useMemo<TableColumn<Build>[]>(
    () => [
      ...buildColumns,
      ...buildTimestampColumns,
      {
        id: 'actions',
        header: 'Actions',
        cell: (build) => (
          <ButtonLink size="small" to={buildLinks.details(build.product_id, build.id)} aria-label={`View details of build ${build.id}`}>
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
        <NotFoundMessage backTo="../MyProducts" backLabel="Back to My Products">
          There is no product at this address.
        </NotFoundMessage>
      </>
    );
  }

  const toggle = (id: RowId) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAllOnPage = () =>
    setSelected((current) => {
      const next = new Set(current);
      const allOnPage = rows.every((build) => current.has(build.id));
      for (const build of rows) {
        if (allOnPage) next.delete(build.id);
        else next.add(build.id);
      }
      return next;
    });
  const selectedIds = [...selected].map(Number).sort((a, b) => a - b);

  return (
    <>
      <PageHeader
        title="Product Builds"
        actions={
          <Button variant="primary" disabled={selected.size === 0} onClick={() => navigate(buildLinks.createRelease(productId, selectedIds))}>
            Create Release
          </Button>
        }
      />
      <ProductSubtitle productId={productId} />
      <Toolbar>
        <span role="status">{selected.size === 0 ? 'Select builds to make a release of them.' : `${selected.size} build(s) selected`}</span>
      </Toolbar>
      <Table
        caption="Builds"
        columns={columns}
        rows={rows}
        getRowId={(build) => build.id}
        isLoading={isLoading}
        emptyText={error ? 'Builds could not be loaded. Please try again.' : 'No builds yet.'}
        selection={{ selectedIds: selected, onToggleRow: toggle, onToggleAll: toggleAllOnPage, rowLabel: (build) => `build ${build.id}` }}
      />
      <PaginationControls pagination={pagination} perPage={list.perPage} onPageChange={list.setPage} onPerPageChange={list.setPerPage} />
    </>
  );
}
