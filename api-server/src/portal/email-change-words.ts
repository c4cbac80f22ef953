// What a customer reads when changing their email: plain words, one place.

export const PORTAL_EMAIL_CHANGE_TTL_MINUTES = 30;
export const PORTAL_EMAIL_CHANGE_MAX_TRIES = 5;

export const EMAIL_CHANGE_SENT = (address: string) =>
  `We sent a code to ${address}. Enter it here to confirm your new address. It works for ${PORTAL_EMAIL_CHANGE_TTL_MINUTES} minutes.`;
export const EMAIL_UNCHANGED = 'That is already your email address.';
export const EMAIL_TAKEN = (address: string) =>
  `Another customer already uses ${address}. Please choose another address.`;
export const CHANGE_CODE_FORMAT = 'The code is the 6 digits from the mail.';
export const CHANGE_NOT_ASKED = 'No email change is waiting. Enter your new address first.';
export const CHANGE_CODE_WRONG = (triesLeft: number) =>
  `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const CHANGE_CODE_WRONG_LAST_TRY =
  'That code is not right, and that was the last try. Enter your new address again for a new code.';
export const CHANGE_CODE_TOO_MANY_TRIES =
  'That code was tried too many times. Enter your new address again for a new code.';
export const CHANGE_CODE_EXPIRED = 'That code has expired. Enter your new address again for a new code.';
export const CHANGE_CODE_USED = 'That code was already used: your email was changed.';
export const TOO_MANY_CHANGE_REQUESTS = (seconds: number) =>
  `Too many email changes asked for. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`;
