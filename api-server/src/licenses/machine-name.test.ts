/** @jest-environment node */
import { HttpError } from '../lib/http-error';
import {
  MACHINE_NAME_CONTROL_CHARACTERS,
  MACHINE_NAME_ILL_FORMED,
  MACHINE_NAME_TOO_LONG,
  machineNameOf,
} from './machine-name';

const refusal = (text: string) => {
  try {
    machineNameOf(text);
  } catch (error) {
    return error instanceof HttpError ? [error.statusCode, error.message] : error;
  }
  return 'taken';
};

describe('machineNameOf', () => {
  it('trims; absent, empty or white space is no name', () => {
    expect(machineNameOf('  Studio Mac \n')).toBe('Studio Mac');
    expect(machineNameOf('\u2028Studio Mac\u00a0')).toBe('Studio Mac');
    for (const none of [undefined, '', '   ', '\t\n']) expect(machineNameOf(none)).toBeNull();
  });

  it('takes 64 characters, counted as code points, and refuses 65', () => {
    expect(machineNameOf('🎹'.repeat(64))).toBe('🎹'.repeat(64));
    expect(machineNameOf(` ${'x'.repeat(64)} `)).toBe('x'.repeat(64));
    expect(refusal('🎹'.repeat(65))).toEqual([400, MACHINE_NAME_TOO_LONG]);
  });

  it('refuses control characters (C0, DEL, C1) inside the name and lone surrogates', () => {
    for (const bad of ['Studio\tMac', 'a\u0000b', 'a\u001fb', 'a\u007fb', 'a\u0085b', 'a\u009fb'])
      expect(refusal(bad)).toEqual([400, MACHINE_NAME_CONTROL_CHARACTERS]);
    for (const bad of ['Studio \ud800', '\udfffMac', 'a\ud83cb'])
      expect(refusal(bad)).toEqual([400, MACHINE_NAME_ILL_FORMED]);
  });
});
