import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Signed, expiring download links for build files (docs/client-api.md): an HMAC-SHA256 over the file id, its
// SHA-256, the expiry and (for a link issued to a licence holder) the licence id, keyed by a key derived from the
// master key, so every server instance checks it and a link is useless after its expiry, for another file or for
// another licence. No session is involved; the licence's state is checked again at download time.

export const DOWNLOAD_URL_LIFETIME_SECONDS = 3600;

export const downloadUrlKey = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'producthub client download url v1', 32));

const mac = (key: Buffer, fileId: number, sha256: string, expires: number, licenseId: number | undefined) =>
  createHmac('sha256', key)
    .update(`producthub-download-v1\n${fileId}\n${sha256}\n${expires}\n`)
    .update(licenseId === undefined ? '' : `license\n${licenseId}\n`)
    .digest();

export function signDownloadUrl(
  key: Buffer,
  prefix: string,
  file: { id: number; sha256: string },
  nowSeconds: number,
  licenseId?: number,
) {
  const expires = nowSeconds + DOWNLOAD_URL_LIFETIME_SECONDS;
  const signature = mac(key, file.id, file.sha256, expires, licenseId).toString('base64url');
  const license = licenseId === undefined ? '' : `&license=${licenseId}`;
  return {
    url: `${prefix}/clients/app/downloads/${file.id}?expires=${expires}${license}&signature=${signature}`,
    expires,
  };
}

export function downloadSignatureValid(
  key: Buffer,
  file: { id: number; sha256: string },
  link: { expires: number; license?: number; signature: string },
  nowSeconds: number,
): boolean {
  const { expires, signature } = link;
  if (expires <= nowSeconds) return false;
  const expected = mac(key, file.id, file.sha256, expires, link.license);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
