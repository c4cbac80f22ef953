import { PORTAL_SIGN_IN_CODE_TTL_MINUTES } from 'shared-kit/contract';

// What a customer reads when signing in: plain words, one place.

/** The answer to every code request that is not refused, whether or not the address belongs to a customer. */
export const CODE_SENT = `If that address belongs to a customer here, a sign-in code is on its way. It works for ${PORTAL_SIGN_IN_CODE_TTL_MINUTES} minutes.`;

export const CODE_WRONG = (triesLeft: number) =>
  `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const CODE_WRONG_LAST_TRY = 'That code is not right, and that was the last try. Ask for a new one.';
export const CODE_NOT_RIGHT_ASK_AGAIN = 'That code is not right. Ask for a new one.';
export const CODE_EXPIRED = 'That code has expired. Ask for a new one.';
export const CODE_USED = 'That code was already used. Ask for a new one.';
export const CODE_TOO_MANY_TRIES = 'That code was tried too many times. Ask for a new one.';
export const CODE_REPLACED = 'A newer code was sent since. Use the code from the newest mail.';
export const CODE_FORMAT = 'The code is the 6 digits from the mail.';

export const LINK_UNKNOWN = 'That sign-in link is not valid. Ask for a new one.';
export const LINK_EXPIRED = 'That sign-in link has expired. Ask for a new one.';
export const LINK_USED = 'That sign-in link was already used. Ask for a new one.';
export const LINK_REPLACED = 'A newer sign-in mail was sent since. Use the link in the newest mail.';

export const CODE_OR_LINK_REQUIRED =
  'Send either your email and the code from the mail, or the token of the sign-in link.';
export const CODE_AND_LINK_TOGETHER =
  'Send either your email and the code, or the token of the sign-in link, not both.';
export const EMAIL_NOT_VALID = 'That is not a valid email address.';

export const PORTAL_NOT_FOUND = 'Portal not found';
export const PORTAL_SWITCHED_OFF = 'This portal is switched off. Please contact the manufacturer.';
export const PORTAL_SESSION_REQUIRED = 'Please sign in to the portal.';

export const TOO_MANY_CODE_REQUESTS = (seconds: number) =>
  `Too many sign-in codes asked for. Please wait ${waitWords(seconds)} and try again.`;
export const TOO_MANY_SIGN_IN_TRIES = (seconds: number) =>
  `Too many sign-in tries. Please wait ${waitWords(seconds)} and try again.`;

/** A wait in words: seconds under two minutes, else whole minutes. */
export function waitWords(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
