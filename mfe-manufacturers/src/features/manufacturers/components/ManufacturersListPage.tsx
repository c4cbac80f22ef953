import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import {
  ApiError,
  Button,
  DEFAULT_PAGE_SIZE,
  PageHeader,
  PaginationControls,
  Table,
  useListState,
  useSession,
  type Manufacturer,
  type TableColumn,
} from 'shared-kit';
import { useManufacturers } from '../api/get-manufacturers';
import { mayListManufacturers } from '../access';
import { detailsLink } from '../navigation/leave-rule';
import { ACCESS_DENIED } from '../texts';
import { PageMessage } from './PageMessage';

const TITLE = 'Manufacturers';

/** /Home/Manufacturers (superuser only): paged, no search box, New Manufacturer disabled (SPEC §2). */
export function ManufacturersListPage() {
  const session = useSession();
  if (!mayListManufacturers(session)) {
    return (
      <>
        <PageHeader title={TITLE} />
        <PageMessage>{ACCESS_DENIED}</PageMessage>
      </>
    );
  }
  return <ManufacturersList />;
}

function ManufacturersList() {
  // SPEC §9: the manufacturers list first loads the default page size, not the 25 of the other lists.
  const list = useListState(DEFAULT_PAGE_SIZE);
  const { rows, pagination, isLoading, error } = useManufacturers({ page: list.page, perPage: list.perPage });
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
      {error instanceof ApiError && error.status === 403 ? (
        <PageMessage>{ACCESS_DENIED}</PageMessage>
      ) : (
        <>
          <Table columns={columns} rows={rows} getRowId={(row) => row.id} isLoading={isLoading} emptyText="No manufacturers found." caption={TITLE} />
          <PaginationControls pagination={pagination} perPage={list.perPage} onPageChange={list.setPage} onPerPageChange={list.setPerPage} />
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
