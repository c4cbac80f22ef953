import { ConfirmDialog, type StaffInvite } from 'shared-kit';
import { useWithdrawInvite } from '../api/withdraw-invite';
import { WITHDRAW_FAILED, withdrawQuestion } from './staff-words';

/** Confirms, then withdraws an open invite; a refusal keeps the dialog open with why. */
export function WithdrawInviteDialog({
  manufacturerId,
  invite,
  onDone,
  onClose,
}: {
  manufacturerId: number;
  invite: StaffInvite;
  onDone: () => void;
  onClose: () => void;
}) {
  const { trigger } = useWithdrawInvite();
  return (
    <ConfirmDialog
      open
      title="Withdraw Invite"
      message={withdrawQuestion(invite.email)}
      confirmLabel="Withdraw"
      confirmVariant="danger"
      failedText={WITHDRAW_FAILED}
      onConfirm={async () => {
        await trigger({ manufacturerId, inviteId: invite.id });
        onDone();
      }}
      onCancel={onClose}
    />
  );
}
