import { checkBindings } from './bindings';
import type { ClientOs } from './documented-values';
import { verifySignedDocument, type ClientApiFormat, type PublicKeyInput, type Verification } from './signed-document';

// The update-check answer of docs/client-api.md: the newest release this customer may have, with signed,
// expiring download URLs and each file's size and SHA-256.
export const UPDATE_ANSWER_FORMAT = {
  label: 'update answer',
  format: 'producthub-update',
  context: 'producthub-update-v1',
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['current_version', 'text'],
    ['os', 'text'],
    ['issued_at', 'text'],
    ['update_available', 'boolean'],
    ['release_id', 'integer'],
    ['version', 'text'],
    ['unlocks_without_license', 'boolean'],
    [
      'files',
      {
        items: [
          ['name', 'text'],
          ['size', 'integer'],
          ['sha256', 'text'],
          ['url', 'text'],
          ['url_expires_at', 'text'],
        ],
      },
    ],
  ],
} as const satisfies ClientApiFormat;

export interface UpdateFile {
  name: string;
  size: number;
  /** Lowercase hex. */
  sha256: string;
  /** Relative to the server's origin; signed, and useless after url_expires_at. */
  url: string;
  url_expires_at: string;
}

export interface UpdateAnswer {
  product_id: number;
  hardware_fingerprint: string;
  current_version: string;
  os: ClientOs;
  issued_at: string;
  update_available: boolean;
  /** 0 when no release applies at all. */
  release_id: number;
  version: string;
  unlocks_without_license: boolean;
  files: UpdateFile[];
}

export interface UpdateExpectations {
  productId?: number;
  hardwareFingerprint?: string;
  currentVersion?: string;
  os?: ClientOs;
}

export function verifyUpdateAnswer(
  document: string | object,
  publicKey: PublicKeyInput,
  expected: UpdateExpectations = {},
): Verification<UpdateAnswer> {
  return checkBindings(verifySignedDocument<UpdateAnswer>(document, publicKey, UPDATE_ANSWER_FORMAT), {
    product_id: expected.productId,
    hardware_fingerprint: expected.hardwareFingerprint,
    current_version: expected.currentVersion,
    os: expected.os,
  });
}
