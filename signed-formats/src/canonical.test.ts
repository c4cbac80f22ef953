/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalBytes } from './canonical';
import { REVOCATION_LIST_FORMAT } from './revocation-list';
import { EMPTY_REVOCATION_LIST, NO_UPDATE_ANSWER } from './test-support/empty-documents';
import { UPDATE_ANSWER_FORMAT } from './update-answer';

describe('canonical encoding (docs/client-api.md)', () => {
  it('writes booleans, and a list as its count then name.i.member lines, in the documented order', () => {
    const list = {
      machines: [{ deactivated_at: '2026-03-03T00:00:00Z', machine_sha256: 'bb', unsigned: 'x' }],
      licenses: [
        { serial_sha256: 'aa', disabled_reason: 'FraudulentUse', changed_at: '2026-03-01T00:00:00Z' },
        { serial_sha256: 'a=b', disabled_reason: 'CancelledOrder', changed_at: '2026-03-02T00:00:00Z' },
      ],
      complete: false,
      issued_at: '2026-03-05T14:07:00Z',
      since: '',
      hardware_fingerprint: 'Mac=Pro | 機械',
      product_id: 7,
    };
    expect(canonicalBytes(REVOCATION_LIST_FORMAT.context, REVOCATION_LIST_FORMAT.fields, list).toString('utf8')).toBe(
      [
        'producthub-revocations-v1',
        'product_id=7',
        'hardware_fingerprint=Mac=Pro | 機械',
        'since=',
        'issued_at=2026-03-05T14:07:00Z',
        'complete=false',
        'licenses=2',
        'licenses.0.serial_sha256=aa',
        'licenses.0.disabled_reason=FraudulentUse',
        'licenses.0.changed_at=2026-03-01T00:00:00Z',
        'licenses.1.serial_sha256=a=b',
        'licenses.1.disabled_reason=CancelledOrder',
        'licenses.1.changed_at=2026-03-02T00:00:00Z',
        'machines=1',
        'machines.0.machine_sha256=bb',
        'machines.0.deactivated_at=2026-03-03T00:00:00Z',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty list as a count of 0 and nothing more', () => {
    const update = { ...NO_UPDATE_ANSWER, current_version: '1.2.3' };
    expect(canonicalBytes(UPDATE_ANSWER_FORMAT.context, UPDATE_ANSWER_FORMAT.fields, update).toString('utf8')).toMatch(
      /\nunlocks_without_license=false\nfiles=0\n$/,
    );
  });

  it.each([
    ['a boolean as text', { complete: 'true' }, /complete must be true or false/],
    [
      'a list item without a member',
      { machines: [{ machine_sha256: 'bb' }] },
      /machines\.0\.deactivated_at must be a text/,
    ],
    [
      'a list item with a line break',
      { machines: [{ machine_sha256: 'b\nb', deactivated_at: 'T' }] },
      /machines\.0\.machine_sha256 must not contain line breaks or other control characters/,
    ],
    ['a list that is an object', { licenses: {} }, /licenses must be a list/],
  ])('refuses %s', (_name, change, message) => {
    const list = { ...EMPTY_REVOCATION_LIST, ...change };
    expect(() => canonicalBytes(REVOCATION_LIST_FORMAT.context, REVOCATION_LIST_FORMAT.fields, list)).toThrow(message);
  });
});

describe('the package', () => {
  it('imports nothing but Node and its own files, not even a type: client-js carries it as it is', () => {
    const imports = readdirSync(__dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...readFileSync(join(__dirname, file), 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)].map(
          (match) => match[1],
        ),
      );
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((source) => !source.startsWith('node:') && !source.startsWith('./'))).toEqual([]);
  });
});
