import { PORTAL_SIGN_IN_CODE_LENGTH, isEmail } from 'shared-kit';
import type { MessagesApi } from '../../../messages/messages';

// The server's rules for the sign-in bodies (PortalCodeRequestBody, PortalSignInBody), in the catalogue's words.

/** The contract's longest address (PortalCodeRequestBody's `email`). */
const EMAIL_MAX_LENGTH = 320;

export function emailProblem({ t }: MessagesApi, value: string): string | null {
  const email = value.trim();
  if (!email) return t('signIn.emailRequired');
  return email.length <= EMAIL_MAX_LENGTH && isEmail(email) ? null : t('signIn.emailInvalid');
}

/** The code as sent: spaces dropped, as the server drops them. */
export const codeDigits = (value: string) => value.replace(/\s+/g, '');
const CODE_PATTERN = new RegExp(`^[0-9]{${PORTAL_SIGN_IN_CODE_LENGTH}}$`);

export function codeProblem({ t }: MessagesApi, value: string): string | null {
  const code = codeDigits(value);
  if (!code) return t('code.required');
  return CODE_PATTERN.test(code) ? null : t('code.invalid');
}
