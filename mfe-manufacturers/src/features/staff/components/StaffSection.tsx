import { useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Section,
  Spinner,
  Table,
  errorMessage,
  permittedSection,
  type StaffInvite,
  type StaffMember,
} from 'shared-kit';
import { useStaff } from '../api/get-staff';
import type { MemberAction } from '../api/member-actions';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { InviteDialog } from './InviteDialog';
import { MemberActionDialog } from './MemberActionDialog';
import { TwoFactorRequirementSwitch } from './TwoFactorRequirementSwitch';
import { WithdrawInviteDialog } from './WithdrawInviteDialog';
import { MEMBER_ACTION_WORDS } from './member-action-words';
import { useOwnerLocks } from './owner-locks';
import { staffColumns, staffRowId, staffRows } from './staff-rows';
import { NO_STAFF, STAFF_LOAD_FAILED, TITLE, inviteSent, inviteWithdrawn, roleChanged } from './staff-words';

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Part = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

type Acting =
  | { kind: 'invite' }
  | { kind: 'withdraw'; invite: StaffInvite }
  | { kind: 'role'; member: StaffMember }
  | { kind: 'action'; member: StaffMember; action: MemberAction };

// The buttons of a member's row, in order; Disable or Enable by the member's status.
const rowActionsOf = (member: StaffMember): MemberAction[] => [
  member.status === 'active' ? 'disable' : 'enable',
  'end-sessions',
  'reset-two-factor',
  'remove',
];

/**
 * The manufacturer's staff (docs/staff-access.md, "Managing staff"): whether two-factor sign-in is required, the
 * members and open invites, inviting and withdrawing an invite, and each member's role, status, sessions, second
 * factors and removal. An owner's account and making owners are an owner's alone: an admin sees those controls
 * disabled, with the reason.
 */
function StaffManagement({ manufacturerId }: { manufacturerId: number }) {
  const staff = useStaff(manufacturerId);
  const [acting, setActing] = useState<Acting | null>(null);
  const [said, setSaid] = useState('');

  const locks = useOwnerLocks();

  const columns = useMemo(
    () =>
      staffColumns((row) =>
        row.kind === 'invite' ? (
          <Button
            size="small"
            variant="danger"
            onClick={() => setActing({ kind: 'withdraw', invite: row.invite })}
            aria-label={`Withdraw the invite to ${row.invite.email}`}
            {...locks.invite(row.invite.role)}
          >
            Withdraw
          </Button>
        ) : (
          <RowActions>
            <Button
              size="small"
              onClick={() => setActing({ kind: 'role', member: row.member })}
              aria-label={`Change role of ${row.member.email}`}
              {...locks.member(row.member.role)}
            >
              Change role
            </Button>
            {rowActionsOf(row.member).map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === 'remove' ? 'danger' : undefined}
                onClick={() => setActing({ kind: 'action', member: row.member, action })}
                aria-label={`${MEMBER_ACTION_WORDS[action].label} ${row.member.email}`}
                {...locks.member(row.member.role)}
              >
                {MEMBER_ACTION_WORDS[action].label}
              </Button>
            ))}
          </RowActions>
        ),
      ),
    [locks],
  );

  const done = (text: string) => {
    setActing(null);
    setSaid(text);
  };

  return (
    <Section
      title={TITLE}
      actions={
        <Button variant="primary" onClick={() => setActing({ kind: 'invite' })}>
          Invite
        </Button>
      }
    >
      <Part>
        <TwoFactorRequirementSwitch manufacturerId={manufacturerId} />
      </Part>
      <Note role="status">{said}</Note>
      {staff.isLoading ? (
        <Spinner label="Loading staff..." />
      ) : staff.error || !staff.data ? (
        <div>
          <Note>{errorMessage(staff.error, STAFF_LOAD_FAILED)}</Note>
          <Button size="small" onClick={() => void staff.mutate()}>
            Retry
          </Button>
        </div>
      ) : (
        <Table
          caption="Staff members and invites"
          columns={columns}
          rows={staffRows(staff.data)}
          getRowId={staffRowId}
          emptyText={NO_STAFF}
        />
      )}
      {acting?.kind === 'invite' && (
        <InviteDialog
          manufacturerId={manufacturerId}
          onInvited={(invite) => done(inviteSent(invite.email))}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'withdraw' && (
        <WithdrawInviteDialog
          manufacturerId={manufacturerId}
          invite={acting.invite}
          onDone={() => done(inviteWithdrawn(acting.invite.email))}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'role' && (
        <ChangeRoleDialog
          manufacturerId={manufacturerId}
          member={acting.member}
          onChanged={(member) => done(roleChanged(member))}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'action' && (
        <MemberActionDialog
          manufacturerId={manufacturerId}
          member={acting.member}
          action={acting.action}
          onDone={done}
          onClose={() => setActing(null)}
        />
      )}
    </Section>
  );
}

export const StaffSection = permittedSection('staff.manage', TITLE, StaffManagement);
