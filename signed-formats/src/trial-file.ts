import { checkBindings, checkExpiry } from './bindings';
import { verifySignedDocument, type ClientApiFormat, type PublicKeyInput, type Verification } from './signed-document';

// The trial file of docs/client-api.md: what `startTrial` answers, kept by the plugin and checked offline.
export const TRIAL_FILE_FORMAT = {
  label: 'trial file',
  format: 'producthub-trial',
  context: 'producthub-trial-v1',
  fields: [
    ['product_id', 'integer'],
    ['hardware_fingerprint', 'text'],
    ['started_at', 'text'],
    ['expires_at', 'text'],
    ['issued_at', 'text'],
  ],
} as const satisfies ClientApiFormat;

export interface TrialFile {
  product_id: number;
  hardware_fingerprint: string;
  started_at: string;
  expires_at: string;
  issued_at: string;
}

export interface TrialExpectations {
  productId?: number;
  hardwareFingerprint?: string;
  /** When to judge the expiry (default: now); null leaves the expiry to the caller. */
  at?: Date | null;
}

export function verifyTrialFile(
  file: string | object,
  publicKey: PublicKeyInput,
  expected: TrialExpectations = {},
): Verification<TrialFile> {
  const result = checkBindings(verifySignedDocument<TrialFile>(file, publicKey, TRIAL_FILE_FORMAT), {
    product_id: expected.productId,
    hardware_fingerprint: expected.hardwareFingerprint,
  });
  return checkExpiry(result, expected.at, { kind: 'a trial file', ended: 'The trial' });
}
