import styled from 'styled-components';
import { FIRST_LOAD_PAGE_SIZE, PageHeader, PaginationControls, SearchBox, Table, formatDateTime, useListState, type EndUser, type TableColumn } from 'shared-kit';
import { ButtonLink, RowActions } from '../../../components/ButtonLink';
import { areaPaths } from '../../../lib/area-paths';
import { useUsers } from '../api/get-users';

const Toolbar = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const USER_COLUMNS: TableColumn<EndUser>[] = [
  { id: 'id', header: 'ID', cell: (user) => user.id, width: '90px' },
  { id: 'email', header: 'Email', cell: (user) => user.email },
  { id: 'created_at', header: 'Created At', cell: (user) => formatDateTime(user.created_at), width: '200px' },
  {
    id: 'actions',
    header: 'Actions',
    width: '280px',
    cell: (user) => (
      <RowActions>
        <ButtonLink $small to={areaPaths.userDetails(user.id)} aria-label={`View user ${user.email}`}>
          View
        </ButtonLink>
        <ButtonLink $small to={areaPaths.createUserLicense(user.id, user.email)} aria-label={`Add license for ${user.email}`}>
          Add License
        </ButtonLink>
        <ButtonLink $small to={areaPaths.editUser(user)} aria-label={`Edit user ${user.email}`}>
          Edit
        </ButtonLink>
      </RowActions>
    ),
  },
];

/** /Home/Users: the manufacturer's end users, searched by email, paged; the list is remembered as left. */
export function UsersPage() {
  const list = useListState(FIRST_LOAD_PAGE_SIZE);
  const { rows, pagination, isLoading } = useUsers({ email: list.search, page: list.page, perPage: list.perPage });

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <ButtonLink $primary to={areaPaths.createUser()}>
            New User
          </ButtonLink>
        }
      />
      <Toolbar>
        <SearchBox placeholder="Search User by Email" value={list.search} onSearch={list.setSearch} />
      </Toolbar>
      <Table columns={USER_COLUMNS} rows={rows} getRowId={(user) => user.id} isLoading={isLoading} emptyText="No users found." caption="Users" />
      <PaginationControls pagination={pagination} perPage={list.perPage} onPageChange={list.setPage} onPerPageChange={list.setPerPage} />
    </>
  );
}
