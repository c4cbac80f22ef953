// No TypeBox here: the console's forms check emails with it too.

/**
 * The "email" format the server validates with (ajv-formats' full mode, Fastify's default): local part, @,
 * dotted host name. The console's forms register it as TypeBox's `email` format, so they accept what the
 * server accepts.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isEmail = (text: string) => EMAIL_PATTERN.test(text);

/** The console's words for an end user's email (the user form and each row of an import say the same). */
export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email address, e.g. name@example.com.';
/**
 * Addresses with non-ASCII letters (RFC 6531, e.g. müller@example.com) are refused: the mail the product sends
 * (portal sign-in links) goes through SMTP servers that need not speak SMTPUTF8, so such an address might never
 * get its mail. The text says so, so a person knows it is the letters, not a typo.
 */
export const EMAIL_NOT_ASCII =
  'Enter the address with plain letters (a–z), digits and punctuation only: addresses with letters such as ü or é cannot receive our email.';

/** Why an end user's email is refused, in the console's words; null when it is accepted. */
export function emailProblem(text: string): string | null {
  if (text.trim() === '') return EMAIL_REQUIRED;
  if (isEmail(text)) return null;
  return /[^\x00-\x7f]/.test(text) ? EMAIL_NOT_ASCII : EMAIL_INVALID;
}
