import { waitWords } from '../portal/sign-in-words';

export const BATCH = 'Batch';
export const serialsNotInBatch = (serials: string[]) =>
  `${serials.length === 1 ? 'This serial is' : 'These serials are'} not in this batch: ${serials.slice(0, 10).join(', ')}${serials.length > 10 ? ', …' : ''}.`;
export const RESELLER_BLANK = 'reseller must not be blank';
export const NOT_A_SERIAL = (typed: string) => `'${typed}' is not a serial (XXXXX-XXXXX-XXXXX-XXXXX).`;

// What the portal says: an unknown and a voided serial share their words, so a guess learns nothing from them.
export const SERIAL_NOT_VALID = 'This serial is not valid. Check it and try again, or ask the shop you bought it from.';
export const SERIAL_ALREADY_REDEEMED = 'This serial has already been redeemed.';
export const SERIAL_REDEEMED_BY_YOU = 'You have already redeemed this serial: its license is under My licenses.';
export const SERIAL_NOT_REDEEMABLE =
  'This serial cannot be redeemed. Please ask the shop you bought it from for another one.';
export const TOO_MANY_REDEEM_TRIES = (seconds: number) =>
  `Too many serials tried. Please wait ${waitWords(seconds)} and try again.`;
