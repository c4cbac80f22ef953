/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSO_ISSUER_REFUSED } from 'shared-kit/contract';
import { guardedFetch, IssuerRefused } from './issuer-guard';

describe('the issuer fetch guard (every call to a single sign-on provider)', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ method: request.method, body, type: request.headers['content-type'] ?? null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a loopback, private or link-local provider before connecting', async () => {
    await expect(guardedFetch(false)(`${base}/.well-known/openid-configuration`)).rejects.toThrow(
      new IssuerRefused(SSO_ISSUER_REFUSED('127.0.0.1', '127.0.0.1', 'loopback')),
    );
    await expect(guardedFetch(false)('http://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(IssuerRefused);
    await expect(guardedFetch(false)('https://[fd00::1]/token')).rejects.toBeInstanceOf(IssuerRefused);
  });

  it('with private issuers allowed, answers as fetch does: status, headers and the form body sent', async () => {
    const answer = await guardedFetch(true)(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({
      method: 'POST',
      body: 'grant_type=authorization_code&code=abc',
      type: 'application/x-www-form-urlencoded',
    });
  });
});
