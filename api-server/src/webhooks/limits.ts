import type { Db } from '../db/database';
import { consumeRateLimits } from '../auth/rate-limits';
import { TooManyRequests, conflict } from '../lib/http-error';

// What one manufacturer may ask of the delivery worker (docs/webhooks.md, "Limits"; docs/reliability.md §8).

export const MAX_ENDPOINTS_PER_MANUFACTURER = 10;
export const TEST_EVENTS_PER_ENDPOINT = 5;
export const TEST_EVENTS_PER_MANUFACTURER = 20;
const TEST_EVENT_WINDOW_SECONDS = 60;

export const TOO_MANY_ENDPOINTS = `A manufacturer can have at most ${MAX_ENDPOINTS_PER_MANUFACTURER} webhook endpoints: delete one before adding another.`;
export const tooManyTestEvents = (seconds: number) =>
  `Too many test events. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before sending another.`;

/** Refuses an endpoint beyond the cap (409); `existing` is counted under the manufacturer's lock (endpoints.ts). */
export function admitNewEndpoint(existing: number) {
  if (existing >= MAX_ENDPOINTS_PER_MANUFACTURER) throw conflict(TOO_MANY_ENDPOINTS);
}

/** Counts a "Send test event" against its endpoint's and its manufacturer's minute; over either, a 429. */
export async function admitTestEvent(db: Db, manufacturerId: number, endpointId: number) {
  const decision = await consumeRateLimits(db, [
    {
      bucket: `webhook-test:endpoint:${endpointId}`,
      limit: TEST_EVENTS_PER_ENDPOINT,
      windowSeconds: TEST_EVENT_WINDOW_SECONDS,
    },
    {
      bucket: `webhook-test:manufacturer:${manufacturerId}`,
      limit: TEST_EVENTS_PER_MANUFACTURER,
      windowSeconds: TEST_EVENT_WINDOW_SECONDS,
    },
  ]);
  if (!decision.allowed)
    throw new TooManyRequests(tooManyTestEvents(decision.retryAfterSeconds), decision.retryAfterSeconds);
}
