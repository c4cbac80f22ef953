import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  canonicalBytes,
  REVOCATION_LIST_FORMAT,
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  TRIAL_FILE_FORMAT,
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  verifyRevocationList,
  verifyStateDocument,
  LEASE_FORMAT,
  verifyLease,
  verifyTrialFile,
  verifyUpdateAnswer,
  type DocumentFormat,
  type PublicKeyInput,
  type Verification,
} from './index';

// The client API's vectors (docs/client-api-vectors) arrive with the server's client API; until both are on
// one branch this suite has nothing to read and is skipped.
const vectorsDir = join(__dirname, '..', '..', 'docs', 'client-api-vectors');
const present = existsSync(join(vectorsDir, 'vectors.json'));

interface Vector {
  name: string;
  format: string;
  file: string;
  public_key: string;
  expect: 'valid' | 'invalid';
  reason?: string;
  canonical?: string;
  format_version?: number;
}

/** The version 2 answers' formats: the verifier reads either version, the canonical bytes are the version's own. */
const V2_FORMATS: Record<string, DocumentFormat> = {
  'producthub-state': STATE_DOCUMENT_V2_FORMAT,
  'producthub-update': UPDATE_ANSWER_V2_FORMAT,
};

const VERIFIERS: Record<string, [DocumentFormat, (text: string, key: PublicKeyInput) => Verification<object>]> = {
  'producthub-trial': [TRIAL_FILE_FORMAT, (text, key) => verifyTrialFile(text, key, { at: null })],
  'producthub-state': [STATE_DOCUMENT_FORMAT, verifyStateDocument],
  'producthub-revocations': [REVOCATION_LIST_FORMAT, verifyRevocationList],
  'producthub-update': [UPDATE_ANSWER_FORMAT, verifyUpdateAnswer],
  'producthub-lease': [LEASE_FORMAT, (text, key) => verifyLease(text, key, { at: null })],
};

(present ? describe : describe.skip)('client API vectors (docs/client-api-vectors)', () => {
  const vectors = present
    ? (JSON.parse(readFileSync(join(vectorsDir, 'vectors.json'), 'utf8')) as { cases: Vector[] }).cases
    : [];
  const read = (file: string) => readFileSync(join(vectorsDir, file), 'utf8');

  it('covers every format', () => {
    expect(new Set(vectors.map((vector) => vector.format))).toEqual(new Set(Object.keys(VERIFIERS)));
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const [v1Format, verify] = VERIFIERS[vector.format];
    const format = vector.format_version === 2 ? V2_FORMATS[vector.format] : v1Format;
    const result = verify(read(vector.file), vector.public_key);
    if (vector.expect === 'invalid') return expect(result).toMatchObject({ valid: false, reason: vector.reason });
    expect(result).toMatchObject({ valid: true });
    if (result.valid)
      expect(
        canonicalBytes(format.context, format.fields, result.document as Record<string, unknown>).toString('utf8'),
      ).toBe(read(vector.canonical!));
  });
});
