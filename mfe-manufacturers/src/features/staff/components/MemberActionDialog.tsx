import { ConfirmDialog, type StaffMember } from 'shared-kit';
import { useMemberAction, type MemberAction } from '../api/member-actions';
import { MEMBER_ACTION_WORDS } from './member-action-words';

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
  const { trigger } = useMemberAction(action);
  return (
    <ConfirmDialog
      open
      title={words.title}
      message={words.question(member)}
      confirmLabel={words.label}
      confirmVariant={words.danger ? 'danger' : 'primary'}
      failedText={words.failed}
      onConfirm={async () => onDone(words.done(member, await trigger({ manufacturerId, memberId: member.id })))}
      onCancel={onClose}
    />
  );
}
