/** @jest-environment node */
import { firstNonFiniteNumber } from './finite-numbers';

describe('firstNonFiniteNumber', () => {
  it('finds an infinite or NaN number anywhere in a request part', () => {
    expect(firstNonFiniteNumber({ page: Infinity })).toBe('page');
    expect(firstNonFiniteNumber({ license_ids: [1, 2, -Infinity] })).toBe('license_ids.2');
    expect(firstNonFiniteNumber({ a: { b: Number.NaN } })).toBe('a.b');
  });
  it('passes finite numbers, text and empty parts', () => {
    expect(firstNonFiniteNumber({ page: 3, email: '1e309', ok: true, none: null })).toBeUndefined();
    expect(firstNonFiniteNumber(undefined)).toBeUndefined();
  });
});
