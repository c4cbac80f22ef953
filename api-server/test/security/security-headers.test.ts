import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { applySecurityHeaders } from '../../src/plugins/security-headers';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://cdn.example.com'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

function appWith(addHeaders: (app: FastifyInstance) => void): FastifyInstance {
  const app = Fastify();
  addHeaders(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('no'), { statusCode: 418 });
  });
  return app;
}

/** Every header but those that differ between two runs. */
async function headersOf(app: FastifyInstance, url: string) {
  const { headers, statusCode } = await app.inject({ url });
  const { date: _date, ...rest } = headers;
  return { statusCode, headers: rest };
}

describe('applySecurityHeaders', () => {
  // Helmet's middleware run on every request, as @fastify/helmet does: what the recorded headers must equal.
  const perRequest = appWith((app) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
  });
  const recorded = appWith((app) => applySecurityHeaders(app, options));
  afterAll(() => Promise.all([perRequest.close(), recorded.close()]));

  it.each(['/ok', '/fails', '/missing'])('writes the same headers as Helmet itself on %s', async (url) => {
    const expected = await headersOf(perRequest, url);
    expect(Object.keys(expected.headers)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options']),
    );
    expect(await headersOf(recorded, url)).toEqual(expected);
  });
});
