import { checkBindings } from './bindings';
import type { DisableReason } from './documented-values';
import { verifySignedDocument, type ClientApiFormat, type PublicKeyInput, type Verification } from './signed-document';

// The state document of docs/client-api.md: what `validate` answers, bound to the request's nonce.
export const STATE_DOCUMENT_FORMAT = {
  label: 'state document',
  format: 'producthub-state',
  context: 'producthub-state-v1',
  fields: [
    ['product_id', 'integer'],
    ['serial', 'text'],
    ['hardware_fingerprint', 'text'],
    ['nonce', 'text'],
    ['license_enabled', 'boolean'],
    ['disabled_reason', 'text'],
    ['machine_activated', 'boolean'],
    ['issued_at', 'text'],
  ],
} as const satisfies ClientApiFormat;

export interface StateDocument {
  product_id: number;
  serial: string;
  hardware_fingerprint: string;
  nonce: string;
  license_enabled: boolean;
  /** Empty while the licence is enabled. */
  disabled_reason: DisableReason | '';
  machine_activated: boolean;
  issued_at: string;
}

export interface StateExpectations {
  productId?: number;
  serial?: string;
  hardwareFingerprint?: string;
  /** The nonce the plugin sent: an answer to any other request is a replay. */
  nonce?: string;
}

export function verifyStateDocument(
  document: string | object,
  publicKey: PublicKeyInput,
  expected: StateExpectations = {},
): Verification<StateDocument> {
  return checkBindings(verifySignedDocument<StateDocument>(document, publicKey, STATE_DOCUMENT_FORMAT), {
    product_id: expected.productId,
    serial: expected.serial,
    hardware_fingerprint: expected.hardwareFingerprint,
    nonce: expected.nonce,
  });
}

/** The licence may be used on this machine: enabled, and this machine still activated. */
export const stateAllowsUse = (state: StateDocument) => state.license_enabled && state.machine_activated;
