import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The headers Helmet's middleware writes for `options`. None of them depends on the request (no CSP nonce), so they
 * are taken once from a recording response: running Helmet's twelve middlewares per request cost ~7 % of the
 * server's CPU on a GET by id.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    // Lower case, as Fastify keeps reply headers: reply.headers then has no name to convert per request.
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

/** Helmet's security headers on every answer, errors and 404s included. */
export function applySecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
