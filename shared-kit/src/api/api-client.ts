import { AUTH_SCHEME, HTTP_TIMEOUT_MS } from '../constants';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from './api-error';
import { toQueryString, type Query } from './query-string';

export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface ApiClientOptions {
  /** Where `/api/v1` lives, e.g. `/api/v1` or `https://hub.example.com/api/v1`. */
  baseUrl: string;
  getToken: TokenSource;
  /** The Authorization scheme the token is sent with: staff sessions' `MSession` unless told (the portal's `PortalSession`). */
  scheme?: string;
  /** Called when a request that carried a token answers 401 (expired or revoked session). */
  onUnauthorized?: () => void;
  timeoutMs?: number;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
  /**
   * A GET whose answer is read as it arrives (CSV exports): the Response once the status is OK, else an ApiError as
   * from any call. No timeout, since a long download is still working: `signal` ends it.
   */
  stream(path: string, query: Query | undefined, signal: AbortSignal): Promise<Response>;
  /** Absolute URL of an API path, for links the browser opens itself (downloads). */
  url(path: string, query?: Query): string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const scheme = options.scheme ?? AUTH_SCHEME;
  const url = (path: string, query?: Query) => `${baseUrl}${path}${toQueryString(query)}`;

  async function send(
    method: Method,
    path: string,
    query: Query | undefined,
    body: unknown,
    signal: AbortSignal,
    accept: string,
  ) {
    const token = await options.getToken();
    const headers: Record<string, string> = { Accept: accept };
    if (token) headers.Authorization = `${scheme} ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(url(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
      // Cancelled by the caller: not a failure to report, so the caller sees its own abort.
      if (signal.aborted && !timedOut) throw cause;
      throw new ApiError(0, [], timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE);
    }
    if (!response.ok) {
      const payload = await readJson(response);
      if (response.status === 401 && token) options.onUnauthorized?.();
      throw new ApiError(response.status, messagesOf(payload));
    }
    return response;
  }

  async function request<T>(method: Method, path: string, query?: Query, body?: unknown): Promise<T> {
    const response = await send(method, path, query, body, AbortSignal.timeout(timeoutMs), 'application/json');
    return (await readJson(response)) as T;
  }

  return {
    baseUrl,
    url,
    get: (path, query) => request('GET', path, query),
    post: (path, body) => request('POST', path, undefined, body),
    patch: (path, body) => request('PATCH', path, undefined, body),
    put: (path, body) => request('PUT', path, undefined, body),
    delete: (path) => request('DELETE', path),
    stream: (path, query, signal) => send('GET', path, query, undefined, signal, 'text/csv, application/json'),
  };
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messagesOf(payload: unknown): string[] {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const message = (payload as { message: unknown }).message;
    if (Array.isArray(message)) return message.filter((entry): entry is string => typeof entry === 'string');
    if (typeof message === 'string') return [message];
  }
  return [];
}
