import { checkBindings } from './bindings';
import type { DisableReason } from './documented-values';
import type { ClientApiFormat, PublicKeyInput, Verification } from './signed-document';
import { LICENSE_TERMS_FIELDS, verifyEitherVersion, type LicenseTermsFacts } from './versioned-answer';

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

export const STATE_DOCUMENT_V2_VERSION = 2;

/** Version 2, asked for with `answer_version: 2`: version 1's members, then the licence's terms. */
export const STATE_DOCUMENT_V2_FORMAT = {
  label: 'state document',
  format: 'producthub-state',
  context: 'producthub-state-v2',
  version: STATE_DOCUMENT_V2_VERSION,
  fields: [...STATE_DOCUMENT_FORMAT.fields, ...LICENSE_TERMS_FIELDS],
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

/** Version 2: the state and the licence's terms as the server read them when it answered. */
export type StateDocumentV2 = StateDocument & LicenseTermsFacts;
/** Either version: a version 2 answer has `features` (or use `stateIsV2`). */
export type AnyStateDocument = StateDocument | StateDocumentV2;

export const stateIsV2 = (state: AnyStateDocument): state is StateDocumentV2 => 'features' in state;

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
): Verification<AnyStateDocument> {
  const result = verifyEitherVersion<StateDocument, StateDocumentV2>(
    document,
    publicKey,
    STATE_DOCUMENT_FORMAT,
    STATE_DOCUMENT_V2_FORMAT,
    ['expires_at', 'maintenance_ends_at'],
  );
  return checkBindings(result, {
    product_id: expected.productId,
    serial: expected.serial,
    hardware_fingerprint: expected.hardwareFingerprint,
    nonce: expected.nonce,
  });
}

/** The licence may be used on this machine: enabled, and this machine still activated. */
export const stateAllowsUse = (state: AnyStateDocument) => state.license_enabled && state.machine_activated;
