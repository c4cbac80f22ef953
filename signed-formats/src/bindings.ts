import { reject, type Rejection, type Verification } from './signed-document';
import { signedTimeMs } from './signed-time';

const REJECTION_OF: Readonly<Record<string, Rejection>> = {
  product_id: 'wrong-product',
  product_identifier: 'wrong-product',
  hardware_fingerprint: 'wrong-fingerprint',
  nonce: 'wrong-nonce',
};

/** How a message names a member: a product identifier is "the product" to whoever reads it. */
const NAME_OF: Readonly<Record<string, string>> = { product_identifier: 'product' };
const nameOf = (member: string) => NAME_OF[member] ?? member.replaceAll('_', ' ');

/**
 * After a good signature: the signed members that bind a document to this product, this machine and this
 * request must equal what the plugin expects, so an answer captured elsewhere is useless here. `subject` is
 * what the messages call the document ("license": "The license is for the product …").
 */
export function checkBindings<T extends object>(
  result: Verification<T>,
  expected: Readonly<Record<string, unknown>>,
  subject = 'document',
): Verification<T> {
  if (!result.valid) return result;
  const document = result.document as Record<string, unknown>;
  for (const [member, value] of Object.entries(expected)) {
    if (value === undefined || document[member] === value) continue;
    return reject(
      REJECTION_OF[member] ?? 'wrong-request',
      `The ${subject} is for the ${nameOf(member)} ${JSON.stringify(document[member])}, not ${JSON.stringify(value)}.`,
    );
  }
  return result;
}

/**
 * An answer signed more than `maxAgeSeconds` away from this machine's clock (either way) is refused: an old
 * revocation list or update answer replayed by a proxy must not hide what changed since.
 */
export function checkFreshness<T extends { issued_at: string }>(
  result: Verification<T>,
  maxAgeSeconds: number,
  now = Date.now(),
): Verification<T> {
  if (!result.valid) return result;
  const issuedAt = signedTimeMs(result.document.issued_at);
  if (Number.isNaN(issuedAt))
    return reject('malformed', 'The document is malformed: issued_at must be a time YYYY-MM-DDTHH:MM:SSZ.');
  if (Math.abs(now - issuedAt) > maxAgeSeconds * 1000) {
    return reject(
      'stale',
      `The answer was signed at ${result.document.issued_at}, more than ${maxAgeSeconds} seconds from this machine's clock: it is a replay, or the clock is wrong.`,
    );
  }
  return result;
}

/**
 * After the bindings: a document that ends at its signed `expires_at` is refused from then on. `at` is when to
 * judge (default: now; null leaves the expiry to the caller); `kind` names the document in the malformed message
 * ("a trial file") and `ended` says what ended ("The trial").
 */
export function checkExpiry<T extends { expires_at: string }>(
  result: Verification<T>,
  at: Date | null | undefined,
  words: { kind: string; ended: string },
): Verification<T> {
  if (!result.valid) return result;
  const expiresAt = signedTimeMs(result.document.expires_at);
  if (Number.isNaN(expiresAt))
    return reject('malformed', `The file is not ${words.kind}: expires_at must be a time YYYY-MM-DDTHH:MM:SSZ.`);
  const judgedAt = at === undefined ? new Date() : at;
  if (judgedAt !== null && judgedAt.getTime() >= expiresAt)
    return reject('expired', `${words.ended} ended at ${result.document.expires_at}.`);
  return result;
}
