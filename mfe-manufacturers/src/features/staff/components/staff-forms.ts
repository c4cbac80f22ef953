import { emailProblem, type InviteStaffBody } from 'shared-kit';
import type { StaffRole } from 'shared-kit/contract';

export interface InviteFormValues {
  email: string;
  role: StaffRole;
}

export interface RoleFormValues {
  role: StaffRole;
}

export const EMAIL_TOO_LONG = 'Email may be at most 320 characters.';

export const NEW_INVITE: InviteFormValues = { email: '', role: 'viewer' };

export const inviteBody = (values: InviteFormValues): InviteStaffBody => ({
  email: values.email.trim(),
  role: values.role,
});

/** The address as the server checks it (a mail goes to it), in the console's words. */
export const validateInviteForm = (values: InviteFormValues): Partial<Record<keyof InviteFormValues, string>> => {
  const problem = emailProblem(values.email.trim());
  return problem ? { email: problem } : {};
};
