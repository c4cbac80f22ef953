/** @jest-environment node */
import { generateKeyPairSync } from 'node:crypto';
import { UnsignableValueError, canonicalBytes } from './canonical';
import { REVOCATION_LIST_FORMAT } from './revocation-list';
import { signDocument, verifySignedDocument, type DocumentFormat } from './signed-document';
import { STATE_DOCUMENT_FORMAT } from './state-document';
import { TRIAL_FILE_FORMAT } from './trial-file';

const LISTED: DocumentFormat = {
  label: 'test document',
  format: 'producthub-test',
  context: 'producthub-test-v1',
  fields: [
    ['n', 'integer'],
    ['ok', 'boolean'],
    [
      'items',
      {
        items: [
          ['a', 'text'],
          ['b', 'integer'],
        ],
      },
    ],
  ],
};

describe('canonical encoding of client documents', () => {
  it('writes the context line, scalars, then a list as its count and name.index.member lines, LF each', () => {
    const bytes = canonicalBytes(LISTED.context, LISTED.fields, {
      n: 3,
      ok: false,
      items: [
        { a: 'x=y', b: 0 },
        { a: 'ü', b: 7 },
      ],
    }).toString('utf8');
    expect(bytes).toBe(
      'producthub-test-v1\nn=3\nok=false\nitems=2\nitems.0.a=x=y\nitems.0.b=0\nitems.1.a=ü\nitems.1.b=7\n',
    );
    expect(canonicalBytes(LISTED.context, LISTED.fields, { n: 0, ok: true, items: [] }).toString('utf8')).toBe(
      'producthub-test-v1\nn=0\nok=true\nitems=0\n',
    );
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
      expect(() => canonicalBytes(LISTED.context, LISTED.fields, values)).toThrow(UnsignableValueError);
    }
  });
});

describe('signing and verifying client documents', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const trial = signDocument(
    TRIAL_FILE_FORMAT,
    { product_id: 1, hardware_fingerprint: 'FP', started_at: 'a', expires_at: 'b', issued_at: 'c' },
    privateKey,
  );

  it('verifies a signed document whatever its whitespace and member order', () => {
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(trial).reverse()), null, 4);
    expect(verifySignedDocument(reordered, publicKey, TRIAL_FILE_FORMAT)).toMatchObject({
      valid: true,
      document: { hardware_fingerprint: 'FP' },
    });
  });

  it('never accepts one kind of document as another, even with its format member rewritten', () => {
    expect(verifySignedDocument(JSON.stringify(trial), publicKey, STATE_DOCUMENT_FORMAT)).toMatchObject({
      valid: false,
      reason: 'wrong-format',
    });
    const relabelled = {
      ...signDocument(
        REVOCATION_LIST_FORMAT,
        {
          product_id: 1,
          hardware_fingerprint: 'FP',
          since: '',
          issued_at: 'c',
          complete: true,
          licenses: [],
          machines: [],
        },
        privateKey,
      ),
    };
    const asState = {
      ...relabelled,
      format: 'producthub-state',
      serial: 'S',
      nonce: 'N',
      license_enabled: true,
      disabled_reason: '',
      machine_activated: true,
    };
    expect(verifySignedDocument(JSON.stringify(asState), publicKey, STATE_DOCUMENT_FORMAT)).toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses malformed input and a changed value', () => {
    for (const text of [
      '',
      'null',
      '[]',
      JSON.stringify({ ...trial, product_id: '1' }),
      JSON.stringify({ ...trial, signature: 'AAAA' }),
    ]) {
      expect(verifySignedDocument(text, publicKey, TRIAL_FILE_FORMAT)).toMatchObject({ valid: false });
    }
    expect(
      verifySignedDocument(JSON.stringify({ ...trial, expires_at: 'z' }), publicKey, TRIAL_FILE_FORMAT),
    ).toMatchObject({ valid: false, reason: 'bad-signature' });
  });
});
