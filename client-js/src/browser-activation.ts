import type { KeyObject } from 'node:crypto';
import { verifyLicenseFile, type AnyLicenseFileClaims, type SignatureSeedVersion } from 'signed-formats';
import { ProductHubApiError, UntrustedAnswerError } from './errors';
import { callClientApi } from './http';

// Activation through the browser (docs/client-integration.md, "Activation in the browser"): RFC 8628's device
// flow. The plugin starts a request, shows the code and opens the page; the customer approves it in the portal;
// the plugin polls until the signed licence file arrives.

/** What the plugin shows and keeps while the customer approves. */
export interface BrowserActivationRequest {
  /** `XXXX-XXXX`: show it, so the customer can check it is the one on the page. */
  userCode: string;
  /** The portal's activation page, and the same page with the code filled in (open this one). */
  verificationUri: string;
  verificationUriComplete: string;
  /** When the request ends (ms since the epoch, by this machine's clock). */
  expiresAt: number;
  /** Seconds to wait between polls, as the server asked. */
  intervalSeconds: number;
  /** The secret the plugin polls with: never show or log it. */
  deviceCode: string;
  /** The trimmed fingerprint the request is bound to. */
  hardwareFingerprint: string;
  /** The licence file version asked for (1 when left out): the poll refuses a file of another version. */
  licenseFileVersion?: 1 | 2;
}

export type BrowserActivationFailure = 'expired' | 'denied' | 'unknown';

/** The request ended without a licence: it expired, the customer refused it, or the server no longer knows it. */
export class BrowserActivationError extends Error {
  constructor(
    readonly reason: BrowserActivationFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BrowserActivationError';
  }
}

/** One poll's outcome: wait (`intervalSeconds` from now), or the verified licence file. */
export type BrowserActivationPoll =
  | { status: 'pending'; intervalSeconds: number }
  | { status: 'activated'; text: string; document: AnyLicenseFileClaims };

export interface BrowserActivationContext {
  serverUrl: string;
  productId: number;
  key: KeyObject;
  productIdentifier?: string;
  timeoutMs: number;
}

export async function startBrowserActivation(
  context: BrowserActivationContext,
  request: {
    hardwareFingerprint: string;
    hardwareFingerprintVersion?: number;
    signatureSeedVersion: SignatureSeedVersion;
    machineName?: string;
    /** 2: the approved file carries the licence's terms (docs/licence-file.md "Format version 2"). */
    licenseFileVersion?: 1 | 2;
    signal?: AbortSignal;
  },
): Promise<BrowserActivationRequest> {
  const fingerprint = request.hardwareFingerprint.trim();
  const machineName = request.machineName?.trim();
  const answer = await callClientApi(context.serverUrl, '/browser-activations', {
    method: 'POST',
    body: {
      product_id: context.productId,
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: request.hardwareFingerprintVersion ?? 2,
      signature_seed_version: request.signatureSeedVersion,
      ...(machineName ? { machine_name: machineName } : {}),
      ...(request.licenseFileVersion === 2 ? { license_file_version: 2 } : {}),
    },
    timeoutMs: context.timeoutMs,
    signal: request.signal,
  });
  const body = JSON.parse(answer.text) as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
  return {
    userCode: body.user_code,
    verificationUri: new URL(body.verification_uri, context.serverUrl).toString(),
    verificationUriComplete: new URL(body.verification_uri_complete, context.serverUrl).toString(),
    expiresAt: Date.now() + body.expires_in * 1000,
    intervalSeconds: body.interval,
    deviceCode: body.device_code,
    hardwareFingerprint: fingerprint,
    licenseFileVersion: request.licenseFileVersion ?? 1,
  };
}

const FAILURES: Record<string, BrowserActivationFailure> = { expired_token: 'expired', access_denied: 'denied' };

/** One poll. A refusal or expiry throws BrowserActivationError; a licence file that does not verify, UntrustedAnswerError. */
export async function pollBrowserActivation(
  context: BrowserActivationContext,
  request: BrowserActivationRequest,
  signal?: AbortSignal,
): Promise<BrowserActivationPoll> {
  let answer;
  try {
    answer = await callClientApi(context.serverUrl, '/browser-activations/poll', {
      method: 'POST',
      body: {
        product_id: context.productId,
        device_code: request.deviceCode,
        hardware_fingerprint: request.hardwareFingerprint,
      },
      timeoutMs: context.timeoutMs,
      signal,
      answering: [400],
    });
  } catch (error) {
    if (error instanceof ProductHubApiError && error.status === 404)
      throw new BrowserActivationError('unknown', error.message);
    throw error;
  }
  if (answer.status === 400) {
    const body = JSON.parse(answer.text) as { message?: string[]; error?: string; interval?: number };
    const failure = body.error ? FAILURES[body.error] : undefined;
    const message = body.message?.join(' ') ?? `The server answered ${body.error ?? '400'}.`;
    if (failure) throw new BrowserActivationError(failure, message);
    if (body.error !== 'authorization_pending' && body.error !== 'slow_down')
      throw new ProductHubApiError(400, body.message ?? []);
    return { status: 'pending', intervalSeconds: body.interval ?? request.intervalSeconds };
  }
  const verified = verifyLicenseFile(answer.text, context.key, {
    hardwareFingerprint: request.hardwareFingerprint,
    productIdentifier: context.productIdentifier,
  });
  if (!verified.valid) throw new UntrustedAnswerError(verified.reason, verified.message);
  // As for the client activation: a proxy must not answer an older version than the plugin asked for.
  const asked = request.licenseFileVersion ?? 1;
  if (verified.document.format_version !== asked)
    throw new UntrustedAnswerError(
      'unsupported-version',
      `The license file is version ${verified.document.format_version}, not the version ${asked} asked for.`,
    );
  return { status: 'activated', text: answer.text, document: verified.document };
}

/** Waits `seconds`, or throws the signal's reason as soon as it aborts. */
function pause(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, seconds * 1000);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A network failure or an overloaded server: worth asking again after the interval, unlike a refusal. */
const passing = (error: unknown) =>
  (error instanceof ProductHubApiError && (error.status === 429 || error.status >= 500)) ||
  (error instanceof TypeError && /fetch failed/i.test(error.message)) ||
  (error instanceof DOMException && error.name === 'TimeoutError');

/**
 * Polls until the customer approves (the verified licence file), refuses or lets the request expire
 * (BrowserActivationError), waiting the interval between polls and growing it as `slow_down` says. A network
 * failure, a 429 (its Retry-After) or a 5xx waits and polls again until the request's expiry. `signal` cancels at
 * once, throwing its reason.
 */
export async function waitForBrowserActivation(
  context: BrowserActivationContext,
  request: BrowserActivationRequest,
  options: { signal?: AbortSignal; onPending?: (poll: { intervalSeconds: number }) => void } = {},
): Promise<{ text: string; document: AnyLicenseFileClaims }> {
  let interval = request.intervalSeconds;
  for (;;) {
    await pause(interval, options.signal);
    if (Date.now() >= request.expiresAt + interval * 1000)
      throw new BrowserActivationError('expired', 'The activation request has expired: start a new one.');
    try {
      const poll = await pollBrowserActivation(context, request, options.signal);
      if (poll.status === 'activated') return { text: poll.text, document: poll.document };
      interval = poll.intervalSeconds;
      options.onPending?.({ intervalSeconds: interval });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (!passing(error)) throw error;
      if (error instanceof ProductHubApiError && error.retryAfterSeconds)
        interval = Math.max(interval, error.retryAfterSeconds);
    }
  }
}
