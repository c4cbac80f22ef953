import type { Rejection } from 'signed-formats';

/** The server refused a call with a 4xx/5xx: `messages` are its `{ "message": [...] }`, fit to show. */
export class ProductHubApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** Seconds to wait before asking again (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(messages.join(' ') || `The server answered ${status}.`);
    this.name = 'ProductHubApiError';
  }
}

/** An answer did not verify with the product's key or is not for this product, machine or request: never act on it. */
export class UntrustedAnswerError extends Error {
  constructor(
    readonly reason: Rejection,
    message: string,
  ) {
    super(message);
    this.name = 'UntrustedAnswerError';
  }
}

/** A downloaded file was not the one the signed update answer describes; it has been deleted. */
export class DownloadIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadIntegrityError';
  }
}
