import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { decrypt, encrypt } from '../crypto/product-keys';

const ISSUER = 'ProductHub';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after are taken too: a phone's clock a little off still works. */
const WINDOW = 1;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const encryptTotpSecret = (secretBase32: string, masterKey: Buffer) =>
  encrypt(Buffer.from(secretBase32, 'utf8'), masterKey);
export const decryptTotpSecret = (encrypted: string, masterKey: Buffer) =>
  decrypt(encrypted, masterKey).toString('utf8');

export function otpauthUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The code's digits without the spaces apps group them with. */
export const normaliseTotpCode = (code: string) => code.replace(/ /g, '');

/**
 * The time step a code belongs to, or null when it is no code of this secret now (within one step either side).
 * The caller takes a step only once (the last taken step is stored), so a code seen over a shoulder is useless.
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = normaliseTotpCode(code);
  if (!/^[0-9]{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code of a secret (demo logins and tests compute codes the way an app does). */
export const currentTotpCode = (secretBase32: string, now = Date.now()) =>
  totpOf(secretBase32).generate({ timestamp: now });
