/** An error the client caused or may see: its message reaches the console as message[0]. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 429: the client may try again after `retryAfterSeconds` (sent as Retry-After). */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'Access denied.') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);

export const SUPERUSER_REQUIRED = 'Access denied. Superuser privileges required.';
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again shortly.';
export const INTERNAL_ERROR = 'Internal server error. Please try again.';
export const REFERENCE_CHANGED =
  'Another change reached this record first (a record it refers to was removed, or another now refers to it). Reload and try again.';
