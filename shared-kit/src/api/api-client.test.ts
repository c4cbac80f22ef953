/** @jest-environment node */
import { createApiClient } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE, errorMessage } from './api-error';

function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('createApiClient', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends the MSession token and the query, leaving out empty values', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    const client = createApiClient({ baseUrl: '/api/v1/', getToken: () => 'abc' });
    await expect(client.get('/users', { email: '', page: 2, per_page: 25, x: undefined })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/users?page=2&per_page=25');
    expect(init.headers.Authorization).toBe('MSession abc');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the token with the scheme it is given (the customer portal)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 'xyz', scheme: 'PortalSession' });
    await client.get('/portal/me');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('PortalSession xyz');
  });

  it('sends JSON bodies and no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 't' }));
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => null });
    await client.post('/systemusers/login', { email: 'a', password: 'b' });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBeUndefined();
    expect(JSON.parse(init.body)).toEqual({ email: 'a', password: 'b' });
  });

  it('turns an error answer into an ApiError carrying message[]', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: ['Identifier already in use', 'second'] }));
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 't' });
    const error = await client.patch('/products/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('Identifier already in use');
    expect(errorMessage(error, 'fallback')).toBe('Identifier already in use');
  });

  it('calls onUnauthorized for a 401 on a call that carried a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: ['Session expired'] }));
    const onUnauthorized = jest.fn();
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 't', onUnauthorized });
    await expect(client.get('/systemusers/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized for a failed login (no token sent)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: ['Invalid email or password'] }));
    const onUnauthorized = jest.fn();
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => null, onUnauthorized });
    await expect(client.post('/systemusers/login', {})).rejects.toThrow('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure with a clear message and falls back for unknown errors', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => null });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect((error as ApiError).messages).toEqual([]);
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
    expect(errorMessage(new Error('boom'), 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
  });

  it('gives an error with no message body an empty message list', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const client = createApiClient({ baseUrl: '/api/v1', getToken: () => null });
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.messages).toEqual([]);
    expect(errorMessage(error, 'An error occurred')).toBe('An error occurred');
  });

  describe('stream (CSV exports)', () => {
    it("answers the Response unread, with the session, the caller's signal and no timeout of its own", async () => {
      const answer = new Response('ID\r\n1\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      fetchMock.mockResolvedValue(answer);
      const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 'abc' });
      const controller = new AbortController();
      const response = await client.stream('/users/export.csv', { email: 'a', page: undefined }, controller.signal);
      expect(response).toBe(answer);
      expect(response.bodyUsed).toBe(false);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/v1/users/export.csv?email=a');
      expect(init.headers.Authorization).toBe('MSession abc');
      expect(init.signal).toBe(controller.signal);
    });

    it("lets the caller's abort through as itself, not as a network error", async () => {
      const controller = new AbortController();
      controller.abort();
      fetchMock.mockImplementation(async (_url: string, init: RequestInit) => Promise.reject(init.signal!.reason));
      const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 't' });
      const error = await client.stream('/users/export.csv', {}, controller.signal).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as Error).name).toBe('AbortError');
    });

    it('turns a 401 before the first byte into an ApiError and ends the session', async () => {
      fetchMock.mockResolvedValue(jsonResponse(401, { message: ['Session expired'] }));
      const onUnauthorized = jest.fn();
      const client = createApiClient({ baseUrl: '/api/v1', getToken: () => 't', onUnauthorized });
      await expect(client.stream('/users/export.csv', {}, new AbortController().signal)).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });
  });
});
