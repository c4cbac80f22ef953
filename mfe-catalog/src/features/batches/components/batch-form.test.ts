import { BATCH_SERIALS_MAX as CONTRACT_MAX } from 'shared-kit/contract';
import { BATCH_SERIALS_MAX, batchBody, countOf, unsoldOf } from './batch-form';

describe('the new batch form', () => {
  it('reads a count typed with separators, and nothing else as a number', () => {
    expect(countOf('100000')).toBe(100_000);
    expect(countOf(' 100,000 ')).toBe(100_000);
    expect(countOf('1 000')).toBe(1000);
    expect(countOf('')).toBeNaN();
    expect(countOf('12a')).toBeNaN();
    expect(countOf('-5')).toBeNaN();
    expect(countOf('2.5e3')).toBeNaN();
  });

  it('sends the trimmed reseller and no empty note', () => {
    expect(batchBody({ license_type: 'NFR', count: '50', reseller: '  Thomann ', note: ' ' })).toEqual({
      license_type: 'NFR',
      count: 50,
      reseller: 'Thomann',
      note: null,
    });
  });

  it('says the contract’s largest batch', () => {
    expect(BATCH_SERIALS_MAX).toBe(CONTRACT_MAX);
  });

  it('counts the unsold serials of a batch', () => {
    expect(unsoldOf({ count: 100, redeemed_count: 3, voided_count: 20 })).toBe(77);
  });
});
