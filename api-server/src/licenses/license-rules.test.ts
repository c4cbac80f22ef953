/** @jest-environment node */
import { HttpError } from '../lib/http-error';
import {
  DEACTIVATION_REASON_REQUIRED,
  EMAIL_ONLY_WITH_TRANSFER,
  ENABLED_HAS_NO_REASON,
  FINGERPRINT_CONTROL_CHARACTERS,
  FINGERPRINT_REQUIRED,
  NOTHING_TO_CHANGE,
  STATE_OR_TRANSFER,
  hardwareFingerprintOf,
  licenseChangeOf,
  licenseStateOf,
  sameState,
} from './license-rules';

const badRequest = (message: string) => expect.objectContaining({ statusCode: 400, message });

describe('licence state', () => {
  it('disables only with a reason and enables with none', () => {
    expect(licenseStateOf(true, 'FraudulentUse')).toEqual({ disabled: true, disabled_reason: 'FraudulentUse' });
    expect(licenseStateOf(false, null)).toEqual({ disabled: false, disabled_reason: null });
    expect(licenseStateOf(false, undefined)).toEqual({ disabled: false, disabled_reason: null });
    expect(() => licenseStateOf(true, null)).toThrow(badRequest(DEACTIVATION_REASON_REQUIRED));
    expect(() => licenseStateOf(true, undefined)).toThrow(HttpError);
    expect(() => licenseStateOf(false, 'DuplicateOrder')).toThrow(badRequest(ENABLED_HAS_NO_REASON));
  });

  it('compares states by flag and reason', () => {
    expect(
      sameState(
        { disabled: true, disabled_reason: 'DuplicateOrder' },
        { disabled: true, disabled_reason: 'DuplicateOrder' },
      ),
    ).toBe(true);
    expect(
      sameState(
        { disabled: true, disabled_reason: 'DuplicateOrder' },
        { disabled: true, disabled_reason: 'CancelledOrder' },
      ),
    ).toBe(false);
    expect(
      sameState({ disabled: false, disabled_reason: null }, { disabled: true, disabled_reason: 'CancelledOrder' }),
    ).toBe(false);
  });
});

describe('what a licence update asks for', () => {
  it('reads a state change or a transfer', () => {
    expect(licenseChangeOf({ disabled: true, disabled_reason: 'CancelledOrder' })).toEqual({
      kind: 'state',
      state: { disabled: true, disabled_reason: 'CancelledOrder' },
    });
    expect(licenseChangeOf({ user_id: 7 })).toEqual({ kind: 'transfer', userId: 7, email: undefined });
    expect(licenseChangeOf({ user_id: 7, email: ' bob@example.com ' })).toEqual({
      kind: 'transfer',
      userId: 7,
      email: 'bob@example.com',
    });
    expect(licenseChangeOf({ user_id: 7, email: '  ' })).toEqual({ kind: 'transfer', userId: 7, email: undefined });
  });

  it('refuses both at once, neither, and stray fields', () => {
    expect(() => licenseChangeOf({ disabled: false, user_id: 7 })).toThrow(badRequest(STATE_OR_TRANSFER));
    expect(() => licenseChangeOf({ user_id: 7, disabled_reason: null })).toThrow(badRequest(STATE_OR_TRANSFER));
    expect(() => licenseChangeOf({})).toThrow(badRequest(NOTHING_TO_CHANGE));
    expect(() => licenseChangeOf({ email: 'a@b.example' })).toThrow(badRequest(NOTHING_TO_CHANGE));
    expect(() => licenseChangeOf({ disabled: false, email: 'a@b.example' })).toThrow(
      badRequest(EMAIL_ONLY_WITH_TRANSFER),
    );
  });
});

describe('hardware fingerprint as typed', () => {
  it('drops surrounding white space and keeps the rest exactly', () => {
    expect(hardwareFingerprintOf('  HW=1 | Ä  \n')).toBe('HW=1 | Ä');
  });

  it('needs one non-empty line', () => {
    expect(() => hardwareFingerprintOf('')).toThrow(badRequest(FINGERPRINT_REQUIRED));
    expect(() => hardwareFingerprintOf(' \n\t ')).toThrow(badRequest(FINGERPRINT_REQUIRED));
    expect(() => hardwareFingerprintOf('a\nb')).toThrow(badRequest(FINGERPRINT_CONTROL_CHARACTERS));
    expect(() => hardwareFingerprintOf('a\u0000b')).toThrow(badRequest(FINGERPRINT_CONTROL_CHARACTERS));
  });
});
