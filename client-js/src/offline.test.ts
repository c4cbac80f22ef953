import { readOfflineRequest, signDocument, LICENSE_FILE_FORMAT } from 'signed-formats';
import { createOfflineRequest, installOfflineAnswer } from './offline';
import { UntrustedAnswerError } from './errors';
import { licenseClaims } from './test-support/sample-claims';
import { testProductKey } from './test-support/test-signer';

const key = testProductKey();
const other = testProductKey();

describe('offline activation in client-js', () => {
  it('writes a request the server reads back (serial in upper case, fingerprint trimmed, versions)', () => {
    const text = createOfflineRequest({
      productId: 7,
      productIdentifier: 'com.aurora.reverb',
      serial: ' 7qk2m-c9xwa ',
      hardwareFingerprint: ' HWFP2-STUDIO ',
      pluginVersion: '2.1.0',
      createdAt: new Date('2026-03-01T10:00:00.500Z'),
    });
    expect(readOfflineRequest(text)).toEqual({
      valid: true,
      request: {
        product_id: 7,
        product_identifier: 'com.aurora.reverb',
        serial: '7QK2M-C9XWA',
        hardware_fingerprint: 'HWFP2-STUDIO',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        plugin_version: '2.1.0',
        created_at: '2026-03-01T10:00:00Z',
      },
    });
  });

  it('carries the machine name, trimmed, when one is given; an empty one is left out', () => {
    const input = {
      productId: 7,
      productIdentifier: 'com.aurora.reverb',
      serial: '7QK2M-C9XWA',
      hardwareFingerprint: 'HWFP2-STUDIO',
      pluginVersion: '2.1.0',
    };
    const named = readOfflineRequest(createOfflineRequest({ ...input, machineName: ' Studio Mac ' }));
    expect(named).toMatchObject({ valid: true, request: { machine_name: 'Studio Mac' } });
    const unnamed = readOfflineRequest(createOfflineRequest({ ...input, machineName: ' ' }));
    expect(unnamed.valid && 'machine_name' in unnamed.request).toBe(false);
    expect(JSON.parse(createOfflineRequest({ ...input, machineName: '' }))).not.toHaveProperty('machine_name');
  });

  const answer = JSON.stringify(signDocument(LICENSE_FILE_FORMAT, licenseClaims('HWFP2-STUDIO'), key.privateKey));
  const expected = {
    publicKey: key.publicKeyBase64,
    hardwareFingerprint: 'HWFP2-STUDIO',
    productIdentifier: 'com.aurora.reverb',
  };

  it('installs the answer for this machine and product, verified with the product key', () => {
    expect(installOfflineAnswer(answer, expected)).toEqual({
      text: answer,
      document: expect.objectContaining({ hardware_fingerprint: 'HWFP2-STUDIO' }),
    });
  });

  it.each([
    ['another machine', { ...expected, hardwareFingerprint: 'HWFP2-OTHER' }, 'wrong-fingerprint'],
    ['another product', { ...expected, productIdentifier: 'com.aurora.delay' }, 'wrong-product'],
    ['another key', { ...expected, publicKey: other.publicKeyBase64 }, 'bad-signature'],
  ])('refuses an answer for %s', (_what, expectation, reason) => {
    expect(() => installOfflineAnswer(answer, expectation)).toThrow(
      expect.objectContaining({ reason }) as UntrustedAnswerError,
    );
  });

  it('refuses a changed answer or one that is not a licence file', () => {
    expect(() => installOfflineAnswer(answer.replace('Standard', 'NFR'), expected)).toThrow(UntrustedAnswerError);
    expect(() => installOfflineAnswer('not json', expected)).toThrow(
      expect.objectContaining({ reason: 'malformed' }) as UntrustedAnswerError,
    );
  });
});
