/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalBytes } from './canonical';
import {
  OFFLINE_REQUEST_FORMAT,
  OFFLINE_REQUEST_MAX_BYTES,
  offlineRequestFields,
  readOfflineRequest,
  writeOfflineRequest,
  type OfflineRequest,
} from './offline-request';

const request: OfflineRequest = {
  product_id: 7,
  product_identifier: 'com.example.reverb',
  serial: 'ABCD-EFGH',
  hardware_fingerprint: 'HWFP2-STUDIO-1',
  hardware_fingerprint_version: 2,
  signature_seed_version: 5,
  plugin_version: '1.4.0',
  created_at: '2026-03-01T10:00:00Z',
};

describe('the offline activation request', () => {
  const text = writeOfflineRequest(request);

  it('reads back what was written, and only the listed members', () => {
    expect(readOfflineRequest(text)).toEqual({ valid: true, request });
    const withExtra = JSON.stringify({ ...JSON.parse(text), note: 'ignored' });
    expect(readOfflineRequest(withExtra)).toEqual({ valid: true, request });
  });

  it('names its format and version and carries a SHA-256 checksum', () => {
    expect(JSON.parse(text)).toMatchObject({
      format: 'producthub-offline-request',
      format_version: 1,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('catches an edit or damage through the checksum', () => {
    const edited = text.replace('HWFP2-STUDIO-1', 'HWFP2-STUDIO-2');
    expect(readOfflineRequest(edited)).toEqual({
      valid: false,
      message: expect.stringContaining('checksum does not match'),
    });
    expect(readOfflineRequest(text.slice(0, text.length - 20))).toEqual({
      valid: false,
      message: expect.stringContaining('not JSON'),
    });
  });

  it('refuses what is not one, each with its reason', () => {
    const cases: [string, string][] = [
      ['\u0000\u0001binary\uffff', 'not JSON'],
      ['[1,2]', 'not a JSON object'],
      [JSON.stringify({ ...JSON.parse(text), format: 'producthub-trial' }), 'its format is "producthub-trial"'],
      [JSON.stringify({ ...JSON.parse(text), format_version: 2 }), 'Unsupported offline activation request version 2'],
      [JSON.stringify({ ...JSON.parse(text), product_id: '7' }), 'product_id must be a whole number'],
      [JSON.stringify({ ...JSON.parse(text), serial: 'A\nB' }), 'serial contains a control character'],
      [' '.repeat(OFFLINE_REQUEST_MAX_BYTES + 1), `larger than ${OFFLINE_REQUEST_MAX_BYTES} bytes`],
    ];
    for (const [input, reason] of cases)
      expect(readOfflineRequest(input)).toEqual({ valid: false, message: expect.stringContaining(reason) });
  });

  it('carries the machine name when the plugin gives one, in the checksum too; a request without one reads as before', () => {
    const named = writeOfflineRequest({ ...request, machine_name: 'Studio Mac' });
    expect(JSON.parse(named)).toMatchObject({ created_at: request.created_at, machine_name: 'Studio Mac' });
    expect(readOfflineRequest(named)).toEqual({ valid: true, request: { ...request, machine_name: 'Studio Mac' } });
    expect(readOfflineRequest(text)).toStrictEqual({ valid: true, request });
    expect(readOfflineRequest(named.replace('Studio Mac', 'Laptop'))).toEqual({
      valid: false,
      message: expect.stringContaining('checksum does not match'),
    });
    const withoutName = { ...JSON.parse(named) } as Record<string, unknown>;
    delete withoutName.machine_name;
    expect(readOfflineRequest(JSON.stringify(withoutName))).toEqual({
      valid: false,
      message: expect.stringContaining('checksum does not match'),
    });
    expect(readOfflineRequest(JSON.stringify({ ...JSON.parse(named), machine_name: 5 }))).toEqual({
      valid: false,
      message: expect.stringContaining('machine_name must be a text'),
    });
    expect(() => writeOfflineRequest({ ...request, machine_name: 'Studio\nMac' })).toThrow('machine_name must not');
  });

  it('will not write a value the encoding cannot carry', () => {
    expect(() => writeOfflineRequest({ ...request, serial: 'A\nB' })).toThrow('serial must not contain line breaks');
  });
});

describe('the offline request vectors (docs/offline-request-vectors, checked by the C++ writer too)', () => {
  const dir = join(__dirname, '..', '..', 'docs', 'offline-request-vectors');
  const vectors = JSON.parse(readFileSync(join(dir, 'vectors.json'), 'utf8')) as {
    cases: { name: string; file: string; canonical: string; members: OfflineRequest }[];
  };

  it.each(vectors.cases.map((vector) => [vector.name, vector] as const))(
    '%s is what the writer writes, and reads back',
    (_name, vector) => {
      const text = readFileSync(join(dir, vector.file), 'utf8');
      expect(writeOfflineRequest(vector.members)).toBe(text);
      expect(readOfflineRequest(text)).toEqual({ valid: true, request: vector.members });
      expect(
        canonicalBytes(OFFLINE_REQUEST_FORMAT.context, offlineRequestFields(vector.members as never), {
          ...vector.members,
        }).toString('utf8'),
      ).toBe(readFileSync(join(dir, vector.canonical), 'utf8'));
    },
  );
});
