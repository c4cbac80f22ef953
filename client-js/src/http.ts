import { ProductHubApiError } from './errors';

export const CLIENT_API_PATH = '/api/v1/clients/app';

export interface HttpAnswer {
  status: number;
  text: string;
  etag?: string;
}

async function apiError(response: Response): Promise<ProductHubApiError> {
  const text = await response.text();
  let messages: string[] = [];
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (Array.isArray(body.message)) messages = body.message.filter((item): item is string => typeof item === 'string');
    else if (typeof body.message === 'string') messages = [body.message];
  } catch {
    // Not our JSON (a proxy's page): the status alone must do.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ProductHubApiError(
    response.status,
    messages,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/**
 * One call to the client API: 2xx, 304 and the statuses in `answering` answer, anything else throws
 * ProductHubApiError. `signal` cancels the call (its reason is thrown), besides the timeout.
 */
export async function callClientApi(
  serverUrl: string,
  path: string,
  init: {
    method: 'GET' | 'POST';
    body?: unknown;
    etag?: string;
    timeoutMs: number;
    signal?: AbortSignal;
    answering?: number[];
  },
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.etag) headers['if-none-match'] = init.etag;
  const response = await fetch(new URL(`${CLIENT_API_PATH}${path}`, serverUrl), {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(init.timeoutMs)])
      : AbortSignal.timeout(init.timeoutMs),
  });
  if (response.status === 304) return { status: 304, text: '', etag: init.etag };
  if (!response.ok && !init.answering?.includes(response.status)) throw await apiError(response);
  return { status: response.status, text: await response.text(), etag: response.headers.get('etag') ?? undefined };
}
