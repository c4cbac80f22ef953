import styled from 'styled-components';
import {
  ButtonLink,
  formatDateTime,
  PageHeader,
  PaginationControls,
  SearchBox,
  Table,
  Toolbar,
  useCan,
  type EndUser,
  type TableColumn,
} from 'shared-kit';
import { ExportButton, useListController } from 'shared-kit/data';
import { RowActions } from '../../../shared/components/RowActions';
import { usersKey } from '../api/get-users';
import { usersLinks } from 'shared-kit/pages';

const ListToolbar = styled(Toolbar)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const userId = (user: EndUser) => user.id;

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
        <ButtonLink size="small" to={usersLinks.userDetails(user.id)} aria-label={`View user ${user.email}`}>
          View
        </ButtonLink>
        <ButtonLink
          size="small"
          to={usersLinks.createUserLicense(user.id, user.email)}
          aria-label={`Add license for ${user.email}`}
        >
          Add License
        </ButtonLink>
        <ButtonLink size="small" to={usersLinks.editUser(user)} aria-label={`Edit user ${user.email}`}>
          Edit
        </ButtonLink>
      </RowActions>
    ),
  },
];

/** /Home/Users: the manufacturer's end users, searched by email, paged; the list is remembered as left. */
export function UsersPage() {
  const list = useListController<EndUser>({ listKey: usersKey, getRowId: userId });
  const { search, setSearch } = list.state;
  const usersWrite = useCan('users.write');

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <>
            <ButtonLink to={usersLinks.importUsers()} {...usersWrite.lock}>
              Import
            </ButtonLink>
            <ButtonLink variant="primary" to={usersLinks.createUser()} {...usersWrite.lock}>
              New User
            </ButtonLink>
          </>
        }
      />
      <ListToolbar>
        <SearchBox placeholder="Search User by Email" value={search} onSearch={setSearch} />
        <ExportButton list={list.key} />
      </ListToolbar>
      <Table columns={USER_COLUMNS} emptyText="No users found." caption="Users" {...list.tableProps} />
      <PaginationControls {...list.paginationProps} />
    </>
  );
}
