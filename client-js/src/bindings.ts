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
