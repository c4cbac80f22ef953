/** @jest-environment node */
import { generateKeyPairSync } from 'node:crypto';
import { STATE_DOCUMENT, TRIAL_DOCUMENT, REVOCATIONS_DOCUMENT } from './client-documents';
import { DocumentEncodingError, canonicalDocumentBytes, signDocument, verifyDocument, type DocumentFormat } from './signed-document';

const LISTED: DocumentFormat = {
  format: 'producthub-test',
  version: 1,
  fields: [
    ['n', 'integer'],
    ['ok', 'boolean'],
    [
      'items',
      {
        list: [
          ['a', 'text'],
          ['b', 'integer'],
        ],
      },
    ],
  ],
};

describe('canonical encoding of client documents', () => {
  it('writes the context line, scalars, then a list as its count and name.index.member lines, LF each', () => {
    const bytes = canonicalDocumentBytes(LISTED, {
      n: 3,
      ok: false,
      items: [
        { a: 'x=y', b: 0 },
        { a: 'ü', b: 7 },
      ],
    }).toString('utf8');
    expect(bytes).toBe('producthub-test-v1\nn=3\nok=false\nitems=2\nitems.0.a=x=y\nitems.0.b=0\nitems.1.a=ü\nitems.1.b=7\n');
    expect(canonicalDocumentBytes(LISTED, { n: 0, ok: true, items: [] }).toString('utf8')).toBe('producthub-test-v1\nn=0\nok=true\nitems=0\n');
  });

  it('refuses values it cannot carry', () => {
    for (const values of [
      { n: -1, ok: true, items: [] },
      { n: 1.5, ok: true, items: [] },
      { n: 1, ok: 'true', items: [] },
      { n: 1, ok: true, items: [{ a: 'line\nbreak', b: 1 }] },
      { n: 1, ok: true, items: {} },
      { n: 1, ok: true, items: [null] },
    ]) {
      expect(() => canonicalDocumentBytes(LISTED, values)).toThrow(DocumentEncodingError);
    }
  });
});

describe('signing and verifying client documents', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const trial = signDocument(TRIAL_DOCUMENT, { product_id: 1, hardware_fingerprint: 'FP', started_at: 'a', expires_at: 'b', issued_at: 'c' }, privateKey);

  it('verifies a signed document whatever its whitespace and member order', () => {
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(trial).reverse()), null, 4);
    expect(verifyDocument(TRIAL_DOCUMENT, reordered, publicKey)).toMatchObject({ valid: true, document: { hardware_fingerprint: 'FP' } });
  });

  it('never accepts one kind of document as another, even with its format member rewritten', () => {
    expect(verifyDocument(STATE_DOCUMENT, JSON.stringify(trial), publicKey)).toMatchObject({ valid: false, reason: 'wrong-format' });
    const relabelled = {
      ...signDocument(REVOCATIONS_DOCUMENT, { product_id: 1, hardware_fingerprint: 'FP', since: '', issued_at: 'c', complete: true, licenses: [], machines: [] }, privateKey),
    };
    const asState = { ...relabelled, format: 'producthub-state', serial: 'S', nonce: 'N', license_enabled: true, disabled_reason: '', machine_activated: true };
    expect(verifyDocument(STATE_DOCUMENT, JSON.stringify(asState), publicKey)).toMatchObject({ valid: false, reason: 'bad-signature' });
  });

  it('refuses malformed input and a changed value', () => {
    for (const text of ['', 'null', '[]', JSON.stringify({ ...trial, product_id: '1' }), JSON.stringify({ ...trial, signature: 'AAAA' })]) {
      expect(verifyDocument(TRIAL_DOCUMENT, text, publicKey)).toMatchObject({ valid: false });
    }
    expect(verifyDocument(TRIAL_DOCUMENT, JSON.stringify({ ...trial, expires_at: 'z' }), publicKey)).toMatchObject({ valid: false, reason: 'bad-signature' });
  });
});
