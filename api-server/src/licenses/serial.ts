import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a serial read aloud or typed is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** A licence serial: 20 symbols × 5 bits = 100 random bits, as XXXXX-XXXXX-XXXXX-XXXXX. */
export function newLicenseSerial(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const symbols = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  return symbols.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}
