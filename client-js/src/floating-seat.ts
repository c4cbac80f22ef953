import type { KeyObject } from 'node:crypto';
import { signedTimeMs, verifyLease, type Lease } from 'signed-formats';
import { ProductHubApiError, UntrustedAnswerError } from './errors';
import { callClientApi } from './http';

/** What the seat calls need of the client: where the server is, the product and its key. */
export interface SeatContext {
  serverUrl: string;
  productId: number;
  key: KeyObject;
  timeoutMs: number;
}

export interface SeatRequest {
  serial: string;
  hardwareFingerprint: string;
}

/** A verified lease as the server wrote it: `document.lease_id` names it in the heart-beat and the check-in. */
export interface SignedLease {
  text: string;
  document: Lease;
}

export interface SeatCheckin {
  lease_id: string;
  serial: string;
  hardware_fingerprint: string;
  checked_in_at: string;
}

// The server trims fingerprints and serials and upper-cases serials before it signs them.
const fingerprintOf = (text: string) => text.trim();
const serialOf = (text: string) => text.trim().toUpperCase();

async function leaseCall(
  context: SeatContext,
  path: string,
  request: SeatRequest,
  extra: Record<string, unknown>,
): Promise<SignedLease> {
  const serial = serialOf(request.serial);
  const hardwareFingerprint = fingerprintOf(request.hardwareFingerprint);
  const answer = await callClientApi(context.serverUrl, path, {
    method: 'POST',
    body: { product_id: context.productId, serial, hardware_fingerprint: hardwareFingerprint, ...extra },
    timeoutMs: context.timeoutMs,
  });
  const result = verifyLease(answer.text, context.key, { productId: context.productId, serial, hardwareFingerprint });
  if (!result.valid) throw new UntrustedAnswerError(result.reason, result.message);
  if ('lease_id' in extra && result.document.lease_id !== extra.lease_id)
    throw new UntrustedAnswerError(
      'wrong-request',
      `The lease is ${result.document.lease_id}, not ${String(extra.lease_id)}.`,
    );
  return { text: answer.text, document: result.document };
}

export const checkoutSeat = (context: SeatContext, request: SeatRequest & { machineName?: string }) =>
  leaseCall(context, '/seats/checkouts', request, machineNameMember(request.machineName));

export const borrowSeat = (context: SeatContext, request: SeatRequest & { days: number; machineName?: string }) =>
  leaseCall(context, '/seats/borrows', request, { days: request.days, ...machineNameMember(request.machineName) });

export const heartbeat = (context: SeatContext, request: SeatRequest & { leaseId: string }) =>
  leaseCall(context, '/seats/heartbeats', request, { lease_id: request.leaseId });

export async function checkinSeat(
  context: SeatContext,
  request: SeatRequest & { leaseId: string },
): Promise<SeatCheckin> {
  const answer = await callClientApi(context.serverUrl, '/seats/checkins', {
    method: 'POST',
    body: {
      product_id: context.productId,
      serial: serialOf(request.serial),
      hardware_fingerprint: fingerprintOf(request.hardwareFingerprint),
      lease_id: request.leaseId,
    },
    timeoutMs: context.timeoutMs,
  });
  return JSON.parse(answer.text) as SeatCheckin;
}

function machineNameMember(machineName: string | undefined) {
  const name = machineName?.trim();
  return name ? { machine_name: name } : {};
}

/** What a FloatingSeat tells its plugin between heart-beats. */
export interface FloatingSeatEvents {
  /** A heart-beat brought a later lease. */
  onRenewed?: (lease: SignedLease) => void;
  /** A heart-beat failed; the seat is still held until `lease.document.expires_at`, and the timer tries again. */
  onError?: (error: unknown) => void;
}

/**
 * One held seat of a floating licence: checked out by `open`, renewed by a timer at half the lease time, checked in
 * by `close`. `valid()` says whether the last lease still runs by this machine's clock: a plugin stops using the
 * seat when it does not.
 */
export class FloatingSeat {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  private constructor(
    private readonly context: SeatContext,
    private readonly request: SeatRequest,
    private current: SignedLease,
    private readonly events: FloatingSeatEvents,
  ) {
    this.schedule();
  }

  static async open(
    context: SeatContext,
    request: SeatRequest & { machineName?: string },
    events: FloatingSeatEvents = {},
  ): Promise<FloatingSeat> {
    return new FloatingSeat(context, request, await checkoutSeat(context, request), events);
  }

  get lease(): SignedLease {
    return this.current;
  }

  valid(now = Date.now()): boolean {
    return !this.closed && now < signedTimeMs(this.current.document.expires_at);
  }

  /** Renews now (the timer does this by itself at half the lease time). */
  async renew(): Promise<SignedLease> {
    this.current = await heartbeat(this.context, { ...this.request, leaseId: this.current.document.lease_id });
    return this.current;
  }

  /**
   * Stops the timer and checks the seat in, freeing it for another machine at once. A lease that has already ended
   * (its time passed while the machine slept, or staff released it) is answered `404`: the seat is free already, so
   * that is not an error here. Any other failure rejects; the seat then frees by itself when its lease ends.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    try {
      await checkinSeat(this.context, { ...this.request, leaseId: this.current.document.lease_id });
    } catch (error) {
      if (!(error instanceof ProductHubApiError && error.status === 404)) throw error;
    }
  }

  /** Half the time left on the lease, at least one second (a borrowed lease needs no heart-beat: none is scheduled). */
  private delay(): number {
    const left = signedTimeMs(this.current.document.expires_at) - Date.now();
    return Math.max(1000, Math.floor(left / 2));
  }

  private schedule() {
    if (this.closed || this.current.document.borrowed) return;
    this.timer = setTimeout(() => {
      this.renew()
        .then((lease) => this.events.onRenewed?.(lease))
        .catch((error: unknown) => this.events.onError?.(error))
        .finally(() => {
          if (!this.closed) this.schedule();
        });
    }, this.delay());
    // The timer alone does not keep the host process alive.
    if (typeof this.timer === 'object' && 'unref' in this.timer) this.timer.unref();
  }
}
