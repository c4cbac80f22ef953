import { checkBindings, checkExpiry } from './bindings';
import { verifySignedDocument, type ClientApiFormat, type PublicKeyInput, type Verification } from './signed-document';

// The seat lease of docs/client-api.md: what checking out, borrowing and heart-beating a floating licence's seat
// answer. The plugin may run while it holds an unexpired lease for its own machine.
export const LEASE_FORMAT = {
  label: 'seat lease',
  format: 'producthub-lease',
  context: 'producthub-lease-v1',
  fields: [
    ['product_id', 'integer'],
    ['serial', 'text'],
    ['hardware_fingerprint', 'text'],
    ['lease_id', 'text'],
    ['borrowed', 'boolean'],
    ['expires_at', 'text'],
    ['edition', 'text'],
    ['features', { items: [['key', 'text']] }],
    ['issued_at', 'text'],
  ],
} as const satisfies ClientApiFormat;

export interface Lease {
  product_id: number;
  serial: string;
  hardware_fingerprint: string;
  lease_id: string;
  /** Checked out for offline use (days, not minutes): no heart-beat is needed until it expires. */
  borrowed: boolean;
  expires_at: string;
  /** The licence's edition name; empty when it has none. */
  edition: string;
  /** The features the licence's edition unlocks, in key order. */
  features: { key: string }[];
  issued_at: string;
}

export interface LeaseExpectations {
  productId?: number;
  serial?: string;
  hardwareFingerprint?: string;
  /** When to judge the expiry (default: now); null leaves the expiry to the caller. */
  at?: Date | null;
}

export function verifyLease(
  document: string | object,
  publicKey: PublicKeyInput,
  expected: LeaseExpectations = {},
): Verification<Lease> {
  const result = checkBindings(verifySignedDocument<Lease>(document, publicKey, LEASE_FORMAT), {
    product_id: expected.productId,
    serial: expected.serial,
    hardware_fingerprint: expected.hardwareFingerprint,
  });
  return checkExpiry(result, expected.at, { kind: 'a seat lease', ended: 'The seat lease' });
}

/** The lease's edition unlocks the feature. */
export const leaseHasFeature = (lease: Lease, key: string) => lease.features.some((feature) => feature.key === key);
