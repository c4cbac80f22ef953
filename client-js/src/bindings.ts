import { reject, type Rejection, type Verification } from './signed-document';

const REJECTION_OF: Readonly<Record<string, Rejection>> = {
  product_id: 'wrong-product',
  product_identifier: 'wrong-product',
  hardware_fingerprint: 'wrong-fingerprint',
  nonce: 'wrong-nonce',
};

/**
 * After a good signature: the signed members that bind a document to this product, this machine and this
 * request must equal what the plugin expects, so an answer captured elsewhere is useless here.
 */
export function checkBindings<T extends object>(result: Verification<T>, expected: Readonly<Record<string, unknown>>): Verification<T> {
  if (!result.valid) return result;
  const document = result.document as Record<string, unknown>;
  for (const [member, value] of Object.entries(expected)) {
    if (value === undefined || document[member] === value) continue;
    return reject(REJECTION_OF[member] ?? 'wrong-request', `The document is for ${member} ${JSON.stringify(document[member])}, not ${JSON.stringify(value)}.`);
  }
  return result;
}

const SIGNED_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A signed time (`YYYY-MM-DDTHH:MM:SSZ`) in milliseconds, or NaN when it is written any other way. */
export function signedTimeMs(text: string): number {
  if (!SIGNED_TIME.test(text)) return Number.NaN;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || new Date(ms).toISOString().replace('.000Z', 'Z') !== text ? Number.NaN : ms;
}

/**
 * An answer signed more than `maxAgeSeconds` away from this machine's clock (either way) is refused: an old
 * revocation list or update answer replayed by a proxy must not hide what changed since.
 */
export function checkFreshness<T extends { issued_at: string }>(result: Verification<T>, maxAgeSeconds: number, now = Date.now()): Verification<T> {
  if (!result.valid) return result;
  const issuedAt = signedTimeMs(result.document.issued_at);
  if (Number.isNaN(issuedAt)) return reject('malformed', 'The document is malformed: issued_at must be a time YYYY-MM-DDTHH:MM:SSZ.');
  if (Math.abs(now - issuedAt) > maxAgeSeconds * 1000) {
    return reject(
      'stale',
      `The answer was signed at ${result.document.issued_at}, more than ${maxAgeSeconds} seconds from this machine's clock: it is a replay, or the clock is wrong.`,
    );
  }
  return result;
}
