import { formatDateTime, type StaffInvite, type StaffList, type StaffMember, type TableColumn } from 'shared-kit';
import { inviteWords, roleLabel, statusWords, twoFactorWords } from './staff-words';

/** One row of the staff table: a member, or an invite not yet accepted (listed below the members). */
export type StaffRow = { kind: 'member'; member: StaffMember } | { kind: 'invite'; invite: StaffInvite };

export const staffRows = (list: StaffList): StaffRow[] => [
  ...list.members.map((member) => ({ kind: 'member' as const, member })),
  ...list.invites.map((invite) => ({ kind: 'invite' as const, invite })),
];

export const staffRowId = (row: StaffRow) =>
  row.kind === 'member' ? `member-${row.member.id}` : `invite-${row.invite.id}`;

const personOf = (row: StaffRow) => (row.kind === 'member' ? row.member : row.invite);

/** The staff table's columns; the actions column comes from the section (it needs its handlers). */
export const staffColumns = (actions: TableColumn<StaffRow>['cell']): TableColumn<StaffRow>[] => [
  { id: 'email', header: 'Email', cell: (row) => personOf(row).email },
  { id: 'role', header: 'Role', cell: (row) => roleLabel(personOf(row).role) },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (row.kind === 'member' ? statusWords(row.member) : inviteWords(row.invite)),
  },
  {
    id: 'two_factor',
    header: 'Two-factor',
    cell: (row) => (row.kind === 'member' ? twoFactorWords(row.member) : ''),
  },
  {
    id: 'last_sign_in',
    header: 'Last sign-in',
    cell: (row) =>
      row.kind === 'invite'
        ? ''
        : row.member.last_signed_in_at
          ? formatDateTime(row.member.last_signed_in_at)
          : 'Never',
  },
  { id: 'actions', header: 'Actions', cell: actions },
];
