import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from 'shared-kit/contract';

// Crockford-like: no I, L, O, U, so a code copied by hand is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 5;

/** Ten codes of 10 characters from 32 (50 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, GROUP)}-${chars.slice(GROUP)}`;
  });
}

/** What is hashed: upper case, without the dashes and spaces a person may type or leave out. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[ -]/g, '');

/** SHA-256 suffices: a code carries 50 random bits and tries are throttled like passwords. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
