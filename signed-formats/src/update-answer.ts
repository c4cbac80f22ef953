import { checkBindings } from './bindings';
import type { ClientOs } from './documented-values';
import type { ClientApiFormat, PublicKeyInput, Verification } from './signed-document';
import { verifyEitherVersion } from './versioned-answer';

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

export const UPDATE_ANSWER_V2_VERSION = 2;

/**
 * Version 2, asked for with `answer_version: 2`: version 1's members, then the licence's maintenance end and the
 * newest release it hides (both null when none: the encoding has no nullable object, so they are two members).
 */
export const UPDATE_ANSWER_V2_FORMAT = {
  label: 'update answer',
  format: 'producthub-update',
  context: 'producthub-update-v2',
  version: UPDATE_ANSWER_V2_VERSION,
  fields: [
    ...UPDATE_ANSWER_FORMAT.fields,
    ['maintenance_ends_at', 'nullable-text'],
    ['newer_beyond_maintenance_version', 'nullable-text'],
    ['newer_beyond_maintenance_published_at', 'nullable-text'],
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

/** Version 2: what the licence's maintenance window leaves out. */
export interface UpdateAnswerV2 extends UpdateAnswer {
  /** The end of the licence's updates; null: no window (or no licence asked). */
  maintenance_ends_at: string | null;
  /** The newest release published after the maintenance end that this caller would otherwise get; null: none. */
  newer_beyond_maintenance_version: string | null;
  /** When that release was published; null exactly when its version is. */
  newer_beyond_maintenance_published_at: string | null;
}

/** Either version: a version 2 answer has `maintenance_ends_at` (or use `updateIsV2`). */
export type AnyUpdateAnswer = UpdateAnswer | UpdateAnswerV2;

export const updateIsV2 = (answer: AnyUpdateAnswer): answer is UpdateAnswerV2 => 'maintenance_ends_at' in answer;

/** The release a renewal of updates would bring ("renew updates to get 2.0"), or null. */
export const updatesBeyondMaintenance = (answer: AnyUpdateAnswer) =>
  updateIsV2(answer) &&
  answer.newer_beyond_maintenance_version !== null &&
  answer.newer_beyond_maintenance_published_at !== null
    ? { version: answer.newer_beyond_maintenance_version, publishedAt: answer.newer_beyond_maintenance_published_at }
    : null;

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
): Verification<AnyUpdateAnswer> {
  const result = verifyEitherVersion<UpdateAnswer, UpdateAnswerV2>(
    document,
    publicKey,
    UPDATE_ANSWER_FORMAT,
    UPDATE_ANSWER_V2_FORMAT,
    ['maintenance_ends_at', 'newer_beyond_maintenance_published_at'],
  );
  return checkBindings(result, {
    product_id: expected.productId,
    hardware_fingerprint: expected.hardwareFingerprint,
    current_version: expected.currentVersion,
    os: expected.os,
  });
}
