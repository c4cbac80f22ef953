import type { UserFormValues } from '../api/user-form-values';

// The server checks emails with ajv-formats' "email" format; the form uses the same pattern, so whatever the
// form accepts the server accepts too, and the person sees the problem before sending.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email address, e.g. name@example.com.';

export interface UserFormErrors {
  email?: string;
}

export function validateUserForm(values: UserFormValues): UserFormErrors {
  const email = values.email.trim();
  if (!email) return { email: EMAIL_REQUIRED };
  if (!EMAIL_PATTERN.test(email)) return { email: EMAIL_INVALID };
  return {};
}
