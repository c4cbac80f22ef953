import { createHash, randomBytes, randomInt } from 'node:crypto';
import { USER_CODE_ALPHABET, USER_CODE_LENGTH } from 'shared-kit/contract';

/** The plugin's secret: 256 random bits, stored only as its SHA-256. */
export const newDeviceCode = () => randomBytes(32).toString('base64url');
export const deviceCodeHash = (deviceCode: string) => createHash('sha256').update(deviceCode).digest('base64url');

/** The customer's code: 8 letters of 20 (≈ 34.6 bits), drawn without modulo bias. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}
