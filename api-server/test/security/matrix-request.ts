import type { TestApp } from '../support/test-app';
import type { MatrixRequest } from './authorization-matrix';

/** Sends a matrix entry's request for `route` ("METHOD /path") with this Authorization (none: anonymous). */
export function injectMatrixRequest(t: TestApp, route: string, request: MatrixRequest, authorization?: string) {
  const [method] = route.split(' ');
  const headers: Record<string, string> = { ...request.headers };
  if (authorization !== undefined) headers.authorization = authorization;
  const payload =
    request.payload === undefined
      ? undefined
      : Buffer.isBuffer(request.payload)
        ? request.payload
        : JSON.stringify(request.payload);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return t.app.inject({ method: method as 'GET', url: request.url, headers, payload });
}
