import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import type { Query } from '../api/query-string';

/** One call a screen made through the API client. */
export interface RecordedApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
}

/**
 * Answers one call with a value (or a promise of one), or throws — an ApiError stands for an error answer. A
 * streamed GET (`stream`) is answered with a Response.
 */
export type FakeApiServer = (call: RecordedApiCall) => unknown;

/** The error answer the real client throws for `status` with these messages. */
export const apiError = (status: number, ...messages: string[]) => new ApiError(status, messages);

/** The 404 of a call the fake server has no answer for. */
export const notFound = (call: RecordedApiCall) => apiError(404, `No fake answer for ${call.method} ${call.path}`);

/** An ApiClient for tests: no network; its answers come from `server` and every call is recorded in order. */
export function createFakeApiClient(server: FakeApiServer): { api: ApiClient; calls: RecordedApiCall[] } {
  const calls: RecordedApiCall[] = [];
  const handle = async <T>(call: RecordedApiCall): Promise<T> => {
    calls.push(call);
    return (await server(call)) as T;
  };
  const api: ApiClient = {
    baseUrl: '/api/v1',
    url: (path) => `/api/v1${path}`,
    get: (path, query) => handle({ method: 'GET', path, query }),
    post: (path, body) => handle({ method: 'POST', path, body }),
    patch: (path, body) => handle({ method: 'PATCH', path, body }),
    put: (path, body) => handle({ method: 'PUT', path, body }),
    delete: (path) => handle({ method: 'DELETE', path }),
    stream: (path, query) => handle({ method: 'GET', path, query }),
  };
  return { api, calls };
}
