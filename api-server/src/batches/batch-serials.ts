import { randomBytes } from 'node:crypto';

// The licence serial's format (licenses/serial.ts): a redeemed batch serial becomes the licence's serial.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SYMBOLS = 20;

/** `count` serials of 100 random bits, XXXXX-XXXXX-XXXXX-XXXXX, from one read of the random source. */
export function drawBatchSerials(count: number): string[] {
  const bytes = randomBytes(count * SYMBOLS);
  const serials = new Array<string>(count);
  for (let n = 0; n < count; n++) {
    let serial = '';
    for (let i = 0; i < SYMBOLS; i++) {
      if (i > 0 && i % 5 === 0) serial += '-';
      serial += ALPHABET[bytes[n * SYMBOLS + i] & 31];
    }
    serials[n] = serial;
  }
  return serials;
}

const SERIAL = /^[0-9A-HJKMNP-TV-Z]{20}$/;

/**
 * A serial as a person typed it, in the stored form: case, spaces and dashes do not matter, and the letters Crockford's
 * base32 leaves out read as the digits they look like (O as 0, I and L as 1). Null when it cannot be a serial at all.
 */
export function normalizeSerial(typed: string): string | null {
  const symbols = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!SERIAL.test(symbols)) return null;
  return symbols.match(/.{5}/g)!.join('-');
}
