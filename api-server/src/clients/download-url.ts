import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Signed, expiring download links for build files (docs/client-api.md): an HMAC-SHA256 over the file id, its
// SHA-256 and the expiry, keyed by a key derived from the master key, so every server instance checks it and a
// link is useless after its expiry or for another file. No session is involved.

export const DOWNLOAD_URL_LIFETIME_SECONDS = 3600;

export const downloadUrlKey = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'producthub client download url v1', 32));

const mac = (key: Buffer, fileId: number, sha256: string, expires: number) =>
  createHmac('sha256', key).update(`producthub-download-v1\n${fileId}\n${sha256}\n${expires}\n`).digest();

export function signDownloadUrl(key: Buffer, prefix: string, file: { id: number; sha256: string }, nowSeconds: number) {
  const expires = nowSeconds + DOWNLOAD_URL_LIFETIME_SECONDS;
  const signature = mac(key, file.id, file.sha256, expires).toString('base64url');
  return { url: `${prefix}/clients/app/downloads/${file.id}?expires=${expires}&signature=${signature}`, expires };
}

export function downloadSignatureValid(
  key: Buffer,
  file: { id: number; sha256: string },
  expires: number,
  signature: string,
  nowSeconds: number,
): boolean {
  if (expires <= nowSeconds) return false;
  const expected = mac(key, file.id, file.sha256, expires);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
