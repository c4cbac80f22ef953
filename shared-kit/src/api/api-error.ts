/**
 * A failed API call: `messages` holds only what the server said (its `message` array); `status` is 0 when the
 * server was not reached, and then `message` says why. Screens with a fallback text (docs/console.md, Errors) use errorMessage().
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    clientMessage?: string,
  ) {
    super(messages[0] ?? clientMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';

/** The server's first message, or the fallback text the screen defines (docs/console.md, Errors), also when unreachable. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.messages[0] ?? fallback;
  return fallback;
}
