import {
  BROWSER_ACTIVATION_SLOW_DOWN_SECONDS,
  type BrowserActivationPending,
  type BrowserActivationPollBody,
  type BrowserActivationPollError,
  type AnyLicenseFile,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import { notFound } from '../lib/http-error';
import { deviceCodeHash } from './codes';
import { lockRequestByDeviceCode, markDelivered, recordPoll } from './queries';
import { POLL_WORDS, REQUEST_NOT_FOUND } from './words';

export type PollAnswer = { file: AnyLicenseFile } | { pending: BrowserActivationPending };

const pending = (error: BrowserActivationPollError, interval: number): PollAnswer => ({
  pending: { message: [POLL_WORDS[error]], error, interval },
});

/**
 * One poll (RFC 8628 §3.4–3.5), in one transaction that locks the request: an unknown code, a used one, or one
 * of another machine or product answers 404 alike; a poll sooner than the interval after the last one is
 * `slow_down` and grows the interval by 5 s; then expiry, refusal, waiting, or the licence file, handed out once.
 */
export function pollBrowserActivation(db: Db, body: BrowserActivationPollBody): Promise<PollAnswer> {
  return db.transaction().execute(async (trx) => {
    const request = await lockRequestByDeviceCode(trx, deviceCodeHash(body.device_code));
    if (
      !request ||
      request.status === 'delivered' ||
      request.product_id !== body.product_id ||
      request.hardware_fingerprint !== body.hardware_fingerprint.trim()
    )
      throw notFound(REQUEST_NOT_FOUND);
    if (request.status === 'approved' && request.license_file) {
      // Approved in time: the machine is activated, whenever the plugin comes for its file.
      await markDelivered(trx, request.id);
      return { file: JSON.parse(request.license_file) as AnyLicenseFile };
    }
    if (request.polled_too_soon) {
      const interval = request.interval_seconds + BROWSER_ACTIVATION_SLOW_DOWN_SECONDS;
      await recordPoll(trx, request.id, interval);
      return pending('slow_down', interval);
    }
    await recordPoll(trx, request.id, request.interval_seconds);
    if (request.status === 'denied') return pending('access_denied', request.interval_seconds);
    if (request.expired) return pending('expired_token', request.interval_seconds);
    return pending('authorization_pending', request.interval_seconds);
  });
}
