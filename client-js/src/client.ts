import { randomBytes, type KeyObject } from 'node:crypto';
import {
  checkFreshness,
  productPublicKey,
  signedTimeMs,
  verifyLicenseFile,
  verifyRevocationList,
  verifyStateDocument,
  verifyTrialFile,
  verifyUpdateAnswer,
  type ClientOs,
  type AnyLicenseFileClaims,
  type RevocationList,
  type SignatureSeedVersion,
  type AnyStateDocument,
  type AnyUpdateAnswer,
  type TrialFile,
  type UpdateFile,
  type Verification,
} from 'signed-formats';
import {
  pollBrowserActivation,
  startBrowserActivation,
  waitForBrowserActivation,
  type BrowserActivationContext,
  type BrowserActivationPoll,
  type BrowserActivationRequest,
} from './browser-activation';
import { downloadFile, type DownloadedFile } from './download';
import {
  FloatingSeat,
  borrowSeat,
  checkinSeat,
  checkoutSeat,
  heartbeat,
  type FloatingSeatEvents,
  type SeatCheckin,
  type SeatContext,
  type SeatRequest,
  type SignedLease,
} from './floating-seat';
import { UntrustedAnswerError } from './errors';
import { callClientApi } from './http';

export interface ProductHubClientOptions {
  /** The server's origin, e.g. `https://producthub.example.com`. */
  serverUrl: string;
  /** The product's id in ProductHub: every call names it. */
  productId: number;
  /** The product's public key as the console shows it, built into the plugin. */
  publicKey: string | KeyObject;
  /** The product's identifier, checked in every licence file when given. */
  productIdentifier?: string;
  /** State, revocation and update answers signed further than this from the local clock are refused (default 1 day). */
  maxAnswerAgeSeconds?: number;
  /** Per call, including a whole download (default 30 s; downloads 10 min). */
  timeoutMs?: number;
  downloadTimeoutMs?: number;
}

/** A signed document as the server wrote it (to save and verify again offline) and what it verified to. */
export interface Signed<T> {
  text: string;
  document: T;
}

export interface DeactivationReceipt {
  serial: string;
  hardware_fingerprint: string;
  deactivated_at: string;
  deactivations_left: number;
}

/** What a cacheable check answers: a new signed document, or 304 (the one with this ETag still holds). */
export type Cached<T> = ({ notModified: false; etag?: string } & Signed<T>) | { notModified: true; etag?: string };

export interface MachineRequest {
  serial: string;
  hardwareFingerprint: string;
}

// The server trims fingerprints and serials and upper-cases serials before it signs them.
const fingerprintOf = (text: string) => text.trim();
const serialOf = (text: string) => text.trim().toUpperCase();

function trusted<T>(result: Verification<T>, text: string): Signed<T> {
  if (!result.valid) throw new UntrustedAnswerError(result.reason, result.message);
  return { text, document: result.document };
}

/** A proxy must not answer another version than the plugin asked for: a version 2 fact would be missing. */
function versionAsked<T extends object>(
  verified: Verification<T>,
  asked: 1 | 2 | undefined,
  label: string,
): Verification<T> {
  if (!verified.valid) return verified;
  const version = 'features' in verified.document || 'maintenance_ends_at' in verified.document ? 2 : 1;
  if (version === (asked ?? 1)) return verified;
  return {
    valid: false,
    reason: 'unsupported-version',
    message: `The ${label} is version ${version}, not the version ${asked ?? 1} asked for.`,
  };
}

/**
 * The calls a plugin or its installer makes to ProductHub's client API (docs/client-api.md). Every answer the
 * plugin acts on is verified with the product's public key and bound to this product, machine and request before
 * it is returned; an answer that is not throws UntrustedAnswerError.
 */
export class ProductHubClient {
  private readonly key: KeyObject;
  private readonly timeoutMs: number;
  private readonly maxAge: number;

  constructor(private readonly options: ProductHubClientOptions) {
    this.key = typeof options.publicKey === 'string' ? productPublicKey(options.publicKey) : options.publicKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAge = options.maxAnswerAgeSeconds ?? 86_400;
  }

  private post(path: string, body: Record<string, unknown>) {
    return callClientApi(this.options.serverUrl, path, {
      method: 'POST',
      body: { product_id: this.options.productId, ...body },
      timeoutMs: this.timeoutMs,
    });
  }

  /** Starts this machine's trial, or answers the one it already has (same expiry): check `expired`. */
  async startTrial(hardwareFingerprint: string): Promise<Signed<TrialFile> & { created: boolean; expired: boolean }> {
    const fingerprint = fingerprintOf(hardwareFingerprint);
    const answer = await this.post('/trials', { hardware_fingerprint: fingerprint });
    const trial = trusted(
      verifyTrialFile(answer.text, this.key, {
        productId: this.options.productId,
        hardwareFingerprint: fingerprint,
        at: null,
      }),
      answer.text,
    );
    return { ...trial, created: answer.status === 201, expired: Date.now() >= signedTimeMs(trial.document.expires_at) };
  }

  /**
   * Activates the licence on this machine and answers its `.ops` licence file (save `text`). `machineName` is what
   * the customer sees in the portal instead of the fingerprint ("Studio Mac"): trimmed, 1–64 characters, one line;
   * empty or left out sends none (the machine keeps a name it has). It is not in the signed file.
   * `licenseFileVersion: 2` asks for the file with the licence's terms (expiry, grace, maintenance end, edition,
   * features: read them with licenseHasFeature, licenseIsExpired …); without it the server answers version 1.
   */
  async activate(
    request: MachineRequest & {
      hardwareFingerprintVersion?: number;
      signatureSeedVersion: SignatureSeedVersion;
      machineName?: string;
      licenseFileVersion?: 1 | 2;
    },
  ): Promise<Signed<AnyLicenseFileClaims>> {
    const fingerprint = fingerprintOf(request.hardwareFingerprint);
    const machineName = request.machineName?.trim();
    const answer = await this.post('/activations', {
      serial: serialOf(request.serial),
      hardware_fingerprint: fingerprint,
      hardware_fingerprint_version: request.hardwareFingerprintVersion ?? 2,
      signature_seed_version: request.signatureSeedVersion,
      ...(machineName ? { machine_name: machineName } : {}),
      ...(request.licenseFileVersion === 2 ? { license_file_version: 2 } : {}),
    });
    const verified = verifyLicenseFile(answer.text, this.key, {
      hardwareFingerprint: fingerprint,
      productIdentifier: this.options.productIdentifier,
    });
    // A proxy must not answer an older version than the plugin asked for: the terms would be missing.
    if (verified.valid && verified.document.format_version !== (request.licenseFileVersion ?? 1))
      throw new UntrustedAnswerError(
        'unsupported-version',
        `The license file is version ${verified.document.format_version}, not the version ${request.licenseFileVersion ?? 1} asked for.`,
      );
    return trusted(verified, answer.text);
  }

  /** Frees this machine's slot (the plugin then deletes its licence file). The server caps how often. */
  async deactivate(request: MachineRequest): Promise<DeactivationReceipt> {
    const answer = await this.post('/deactivations', {
      serial: serialOf(request.serial),
      hardware_fingerprint: fingerprintOf(request.hardwareFingerprint),
    });
    return JSON.parse(answer.text) as DeactivationReceipt;
  }

  /**
   * The licence's current state for this machine, signed for this very request (a fresh nonce). With
   * `answerVersion: 2` the answer also carries the licence's terms (expiry, grace, maintenance end, edition, features):
   * read them with licenseTermsOf, licenseIsInGrace, licenseIsExpired, licenseHasFeature …
   */
  async validate(request: MachineRequest & { answerVersion?: 1 | 2 }): Promise<Signed<AnyStateDocument>> {
    const nonce = randomBytes(24).toString('base64url');
    const serial = serialOf(request.serial);
    const fingerprint = fingerprintOf(request.hardwareFingerprint);
    const answer = await this.post('/validations', {
      serial,
      hardware_fingerprint: fingerprint,
      nonce,
      ...(request.answerVersion === 2 ? { answer_version: 2 } : {}),
    });
    const expected = { productId: this.options.productId, serial, hardwareFingerprint: fingerprint, nonce };
    const verified = checkFreshness(verifyStateDocument(answer.text, this.key, expected), this.maxAge);
    return trusted(versionAsked(verified, request.answerVersion, 'state document'), answer.text);
  }

  /** One page of the product's revocation list since `since` (inclusive); pass the last `etag` to get a 304. */
  async revocations(request: {
    hardwareFingerprint: string;
    since?: string;
    etag?: string;
  }): Promise<Cached<RevocationList>> {
    const fingerprint = fingerprintOf(request.hardwareFingerprint);
    const query = new URLSearchParams({ hardware_fingerprint: fingerprint });
    if (request.since) query.set('since', request.since);
    const answer = await callClientApi(
      this.options.serverUrl,
      `/products/${this.options.productId}/revocations?${query}`,
      {
        method: 'GET',
        etag: request.etag,
        timeoutMs: this.timeoutMs,
      },
    );
    if (answer.status === 304) return { notModified: true, etag: answer.etag };
    const expected = { productId: this.options.productId, hardwareFingerprint: fingerprint };
    const list = trusted(
      checkFreshness(verifyRevocationList(answer.text, this.key, expected), this.maxAge),
      answer.text,
    );
    if (list.document.since !== (request.since ?? ''))
      throw new UntrustedAnswerError(
        'wrong-request',
        `The revocation list is since "${list.document.since}", not "${request.since ?? ''}".`,
      );
    return { notModified: false, etag: answer.etag, ...list };
  }

  /** The newest release this customer may have (a serial, else this machine's trial, else free releases only). */
  async checkForUpdates(request: {
    hardwareFingerprint: string;
    serial?: string;
    currentVersion: string;
    os: ClientOs;
    etag?: string;
    /** 2: the answer also says when the licence's updates end and names the newest release beyond that end. */
    answerVersion?: 1 | 2;
  }): Promise<Cached<AnyUpdateAnswer>> {
    const fingerprint = fingerprintOf(request.hardwareFingerprint);
    const body = {
      product_id: this.options.productId,
      hardware_fingerprint: fingerprint,
      ...(request.serial === undefined ? {} : { serial: serialOf(request.serial) }),
      current_version: request.currentVersion,
      os: request.os,
      ...(request.answerVersion === 2 ? { answer_version: 2 } : {}),
    };
    const answer = await callClientApi(this.options.serverUrl, '/update-checks', {
      method: 'POST',
      body,
      etag: request.etag,
      timeoutMs: this.timeoutMs,
    });
    if (answer.status === 304) return { notModified: true, etag: answer.etag };
    const expected = {
      productId: this.options.productId,
      hardwareFingerprint: fingerprint,
      currentVersion: request.currentVersion,
      os: request.os,
    };
    return {
      notModified: false,
      etag: answer.etag,
      ...trusted(
        versionAsked(
          checkFreshness(verifyUpdateAnswer(answer.text, this.key, expected), this.maxAge),
          request.answerVersion,
          'update answer',
        ),
        answer.text,
      ),
    };
  }

  private get seats(): SeatContext {
    return {
      serverUrl: this.options.serverUrl,
      productId: this.options.productId,
      key: this.key,
      timeoutMs: this.timeoutMs,
    };
  }

  /** Checks a seat of a floating licence out for this machine: the verified lease (renew it before `expires_at`). */
  checkoutSeat(request: SeatRequest & { machineName?: string }): Promise<SignedLease> {
    return checkoutSeat(this.seats, request);
  }

  /** Renews this machine's lease for another lease time: the verified, later lease. */
  heartbeat(request: SeatRequest & { leaseId: string }): Promise<SignedLease> {
    return heartbeat(this.seats, request);
  }

  /** Frees this machine's seat at once. */
  checkinSeat(request: SeatRequest & { leaseId: string }): Promise<SeatCheckin> {
    return checkinSeat(this.seats, request);
  }

  /** Borrows a seat for offline use, for up to the policy's days: the verified lease, `borrowed` true. */
  borrowSeat(request: SeatRequest & { days: number; machineName?: string }): Promise<SignedLease> {
    return borrowSeat(this.seats, request);
  }

  /** Checks a seat out and keeps it: renewed on a timer at half the lease time, checked in by `close()`. */
  openFloatingSeat(
    request: SeatRequest & { machineName?: string },
    events?: FloatingSeatEvents,
  ): Promise<FloatingSeat> {
    return FloatingSeat.open(this.seats, request, events);
  }

  private get browserActivation(): BrowserActivationContext {
    const { serverUrl, productId, productIdentifier } = this.options;
    return { serverUrl, productId, productIdentifier, key: this.key, timeoutMs: this.timeoutMs };
  }

  /**
   * Starts an activation in the browser (no serial typed): show `userCode`, open `verificationUriComplete` in the
   * customer's browser, then `waitForBrowserActivation`. `machineName` and `licenseFileVersion` as for `activate`.
   */
  startBrowserActivation(request: {
    hardwareFingerprint: string;
    hardwareFingerprintVersion?: number;
    signatureSeedVersion: SignatureSeedVersion;
    machineName?: string;
    licenseFileVersion?: 1 | 2;
    signal?: AbortSignal;
  }): Promise<BrowserActivationRequest> {
    return startBrowserActivation(this.browserActivation, request);
  }

  /** One poll of a started request (for a plugin that schedules its own polls): pending with the interval, or the file. */
  pollBrowserActivation(request: BrowserActivationRequest, signal?: AbortSignal): Promise<BrowserActivationPoll> {
    return pollBrowserActivation(this.browserActivation, request, signal);
  }

  /**
   * Polls at the server's interval until the customer approves: the verified licence file, the same as `activate`
   * answers (save `text`). Throws BrowserActivationError when the request expires, is refused or is unknown, and
   * the signal's reason when `signal` aborts.
   */
  waitForBrowserActivation(
    request: BrowserActivationRequest,
    options: { signal?: AbortSignal; onPending?: (poll: { intervalSeconds: number }) => void } = {},
  ): Promise<Signed<AnyLicenseFileClaims>> {
    return waitForBrowserActivation(this.browserActivation, request, options);
  }

  /** Streams one file of a verified update answer to `destination`; a file of another size or SHA-256 is deleted. */
  download(file: UpdateFile, destination: string): Promise<DownloadedFile> {
    return downloadFile(this.options.serverUrl, file, destination, this.options.downloadTimeoutMs ?? 600_000);
  }
}
