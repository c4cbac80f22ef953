import { useId } from 'react';
import styled from 'styled-components';
import { Dialog, DialogFormFooter, ErrorText, type StaffMember } from 'shared-kit';
import { Form, useContractForm } from 'shared-kit/forms';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useOwnerLocks } from './owner-locks';
import type { RoleFormValues } from './staff-forms';
import { RoleField } from './RoleField';

export const ROLE_CHANGE_FAILED = 'The role could not be changed. Please try again.';

const FormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** A member's new role; the server refuses to leave the manufacturer without an owner, and the dialog says why. */
export function ChangeRoleDialog({
  manufacturerId,
  member,
  onChanged,
  onClose,
}: {
  manufacturerId: number;
  member: StaffMember;
  onChanged: (member: StaffMember) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const { ownerChoice } = useOwnerLocks();
  const change = useChangeStaffRole();
  const form = useContractForm<RoleFormValues, RoleFormValues>({
    defaultValues: { role: member.role },
    schema: () => import('shared-kit/contract').then((contract) => contract.ChangeStaffRoleBody),
    toBody: (values) => ({ role: values.role }),
    pending: change.isMutating,
    failedText: ROLE_CHANGE_FAILED,
    onSubmit: async ({ role }) => onChanged(await change.trigger({ manufacturerId, memberId: member.id, role })),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !form.pending && onClose()}
      title="Change Role"
      description={`What ${member.email} may do for this manufacturer.`}
      footer={<DialogFormFooter formId={formId} submitLabel="Change role" pending={form.pending} onCancel={onClose} />}
    >
      <Form form={form} as={FormLayout} id={formId} aria-label="Change Role">
        <RoleField ownerChoice={ownerChoice} />
        {form.failure && <ErrorText>{form.failure}</ErrorText>}
      </Form>
    </Dialog>
  );
}
