import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import {
  ApiError,
  CannotShowPage,
  Button,
  DEFAULT_PAGE_SIZE,
  PageHeader,
  PaginationControls,
  Table,
  useSession,
  type Manufacturer,
  type TableColumn,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { manufacturersKey } from '../api/get-manufacturers';
import { mayListManufacturers } from '../access';
import { detailsLink } from '../components/return-to';
import { ACCESS_DENIED } from '../texts';

const TITLE = 'Manufacturers';

const ListActions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

/** /Home/Manufacturers (superuser only): paged, no search box, New Manufacturer disabled (docs/console.md, Manufacturer list). */
export function ManufacturersListPage() {
  const session = useSession();
  if (!mayListManufacturers(session)) {
    return (
      <>
        <PageHeader title={TITLE} />
        <CannotShowPage>{ACCESS_DENIED}</CannotShowPage>
      </>
    );
  }
  return <ManufacturersList />;
}

function ManufacturersList() {
  // docs/console.md, Lists: the manufacturers list first loads the default page size, not the 25 of the other lists.
  const list = useListController<Manufacturer>({
    listKey: manufacturersKey,
    getRowId: (row) => row.id,
    firstLoadPerPage: DEFAULT_PAGE_SIZE,
  });
  const { pathname, search } = useLocation();
  const columns = useManufacturerColumns(`${pathname}${search}`);

  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          <Button variant="primary" disabled title="New manufacturers are created by a ProductHub operator.">
            New Manufacturer
          </Button>
        }
      />
      {list.error instanceof ApiError && list.error.status === 403 ? (
        <CannotShowPage>{ACCESS_DENIED}</CannotShowPage>
      ) : (
        <>
          <ListActions>
            <ExportButton list={list.key} />
          </ListActions>
          <Table columns={columns} {...list.tableProps} emptyText="No manufacturers found." caption={TITLE} />
          <PaginationControls {...list.paginationProps} />
        </>
      )}
    </>
  );
}

function useManufacturerColumns(returnTo: string): TableColumn<Manufacturer>[] {
  return useMemo(
    () => [
      { id: 'id', header: 'ID', cell: (row) => row.id, width: '80px' },
      { id: 'name', header: 'Name', cell: (row) => row.name },
      { id: 'email', header: 'Email', cell: (row) => row.email ?? '' },
      { id: 'country_code', header: 'Country Code', cell: (row) => row.country_code ?? '', width: '130px' },
      {
        id: 'actions',
        header: 'Actions',
        width: '140px',
        cell: (row) => (
          <ActionLink to={detailsLink(row.id, returnTo)} aria-label={`View Details of ${row.name}`}>
            View Details
          </ActionLink>
        ),
      },
    ],
    [returnTo],
  );
}

const ActionLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radius.small};
  }
`;
