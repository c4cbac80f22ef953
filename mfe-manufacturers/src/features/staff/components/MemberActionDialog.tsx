import { useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog, errorMessage, type StaffMember } from 'shared-kit';
import { useMemberAction, type MemberAction } from '../api/member-actions';
import { MEMBER_ACTION_WORDS } from './member-action-words';

// Inside the dialog's description (a paragraph): a block of text, not a paragraph of its own.
const Problem = styled.strong`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Confirms, then does one action on a member; a refusal (the last owner, oneself) keeps the dialog open with why. */
export function MemberActionDialog({
  manufacturerId,
  member,
  action,
  onDone,
  onClose,
}: {
  manufacturerId: number;
  member: StaffMember;
  action: MemberAction;
  onDone: (said: string) => void;
  onClose: () => void;
}) {
  const words = MEMBER_ACTION_WORDS[action];
  const { trigger, isMutating } = useMemberAction(action);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      onDone(words.done(member, await trigger({ manufacturerId, memberId: member.id })));
    } catch (failure) {
      setError(errorMessage(failure, words.failed));
    }
  };
  return (
    <ConfirmDialog
      open
      title={words.title}
      message={
        <>
          {words.question(member)}
          {error && <Problem role="alert">{error}</Problem>}
        </>
      }
      confirmLabel={words.label}
      confirmVariant={words.danger ? 'danger' : 'primary'}
      busy={isMutating}
      onConfirm={() => void confirm()}
      onCancel={() => !isMutating && onClose()}
    />
  );
}
