/**
 * Delay before the next attempt after `attempts` failed ones: base × 2^(attempts-1), ±20 % jitter so
 * receivers coming back are not hit by every sender at once. With the default 5 s base and 15 attempts the
 * retries span about 23 hours.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** Math.max(0, attempts - 1);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
