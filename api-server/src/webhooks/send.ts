import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { parseTarget, resolveTarget, TargetRefused } from './target-guard';

export interface SendResult {
  /** The receiver's status code, or null when none came (refused target, network error, time-out). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST: the host is resolved and every address checked, then the connection goes to the checked address
 * (no second lookup a DNS rebinding could answer differently). Redirects are not followed (a 3xx is a failure).
 */
export async function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let address: LookupAddress;
  let url: URL;
  try {
    url = parseTarget(request.url);
    [address] = await resolveTarget(url.hostname, request.allowPrivate);
  } catch (error) {
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: error instanceof TargetRefused ? error.message : String(error),
    };
  }
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          ...request.headers,
        },
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [address]);
          else (callback as (e: null, a: string, f: number) => void)(null, address.address, address.family);
        },
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => resolve({ statusCode: response.statusCode ?? null, durationMs: elapsed(), error: null });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    outgoing.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        statusCode: null,
        durationMs: elapsed(),
        error: timedOut ? `No answer within ${request.timeoutMs} ms` : error.message,
      });
    });
    outgoing.end(request.body);
  });
}
