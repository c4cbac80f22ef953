import { useId } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, EMAIL_REQUIRED, ErrorText, type StaffInvite } from 'shared-kit';
import { Form, TextField, useContractForm } from 'shared-kit/forms';
import { useInviteStaff } from '../api/invite-staff';
import { useOwnerLocks } from './owner-locks';
import { EMAIL_TOO_LONG, NEW_INVITE, inviteBody, validateInviteForm } from './staff-forms';
import { RoleField } from './RoleField';

export const INVITE_FAILED = 'The invite could not be sent. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** An address and a role: the server mails the address a link to join this manufacturer's staff. */
export function InviteDialog({
  manufacturerId,
  onInvited,
  onClose,
}: {
  manufacturerId: number;
  onInvited: (invite: StaffInvite) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const { ownerChoice } = useOwnerLocks();
  const invite = useInviteStaff();
  const form = useContractForm({
    defaultValues: NEW_INVITE,
    schema: () => import('shared-kit/contract').then((contract) => contract.InviteStaffBody),
    toBody: inviteBody,
    messages: { email: { empty: EMAIL_REQUIRED, invalid: EMAIL_TOO_LONG } },
    rules: validateInviteForm,
    pending: invite.isMutating,
    failedText: INVITE_FAILED,
    onSubmit: async (body) => onInvited(await invite.trigger({ manufacturerId, body })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title="Invite Staff Member"
      description="The invite mails a link that works for 7 days; with it they choose a password and join."
      footer={<DialogFormFooter formId={formId} submitLabel="Send invite" pending={form.pending} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label="Invite Staff Member">
        <TextField name="email" label="Email" type="email" required autoComplete="off" maxLength={320} />
        <RoleField ownerChoice={ownerChoice} />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
