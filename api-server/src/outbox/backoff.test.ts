import { retryDelayMs } from './backoff';

describe('retry backoff', () => {
  it('doubles per attempt with ±20 % jitter', () => {
    expect(retryDelayMs(1, 5_000, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(4, 5_000, () => 0.5)).toBe(40_000);
    expect(retryDelayMs(4, 5_000, () => 0)).toBe(32_000);
    expect(retryDelayMs(4, 5_000, () => 1)).toBe(48_000);
  });

  it('spreads the default 15 attempts over about a day', () => {
    let total = 0;
    for (let attempts = 1; attempts < 15; attempts++) total += retryDelayMs(attempts, 5_000, () => 0.5);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(26);
  });
});
