import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_NAME, SESSION_LIFETIME_HOURS } from 'shared-kit/contract';

/**
 * The `authorization` cookie that file downloads opened by the browser carry (plugins/auth.ts reads it on those
 * routes only). It is `Secure` whenever the request came over HTTPS: on a TLS connection of this server, or through
 * a trusted proxy saying so (`X-Forwarded-Proto` from an address of PRODUCTHUB_TRUST_PROXY; Fastify's
 * `request.protocol` honours the same setting as `request.ip`). Never HttpOnly: the console clears it on sign-out
 * from a session that has already ended on the server.
 */
function sendCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  // @fastify/cookie runs without its hooks (app.ts), so the header is written here.
  const cookie = request.server.serializeCookie(AUTH_COOKIE_NAME, value, {
    path: '/',
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge,
  });
  reply.header('set-cookie', cookie);
}

/** The same cookie the console writes (the token alone, URI-encoded), set by the server so it can say `Secure`. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  sendCookie(request, reply, token, SESSION_LIFETIME_HOURS * 3600);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  sendCookie(request, reply, '', 0);
}
