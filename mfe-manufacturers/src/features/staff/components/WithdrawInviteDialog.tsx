import { useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog, errorMessage, type StaffInvite } from 'shared-kit';
import { useWithdrawInvite } from '../api/withdraw-invite';
import { WITHDRAW_FAILED, withdrawQuestion } from './staff-words';

// Inside the dialog's description (a paragraph): a block of text, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

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
  const { trigger, isMutating } = useWithdrawInvite();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await trigger({ manufacturerId, inviteId: invite.id });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, WITHDRAW_FAILED));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Withdraw Invite"
      message={
        <>
          {withdrawQuestion(invite.email)}
          {error && <Problem role="alert">{error}</Problem>}
        </>
      }
      confirmLabel="Withdraw"
      confirmVariant="danger"
      busy={isMutating}
      onConfirm={() => void confirm()}
      onCancel={() => !isMutating && onClose()}
    />
  );
}
