import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_NAME, AUTH_SCHEME } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { findActiveSession } from '../auth/sessions';
import { hashSessionToken } from '../auth/session-token';
import { AUTHENTICATION_REQUIRED, type Principal, type PrincipalCache } from '../auth/principal';
import { authenticateApiKey, carriesApiKey } from '../auth/api-key-principal';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (login, health). Every other route needs one. */
    public?: boolean;
    /**
     * A file download the browser opens itself (a link, not a fetch): the route also takes the session from the
     * `authorization` cookie, on GET and HEAD only. No other route honours the cookie.
     */
    cookieAuth?: boolean;
  }
}

/**
 * The session token: `Authorization: MSession <token>`, or the `authorization` cookie on the GET of a route
 * flagged `cookieAuth` (file downloads); a cookie never authorises a state change nor reads data as JSON.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, token] = header.trim().split(/\s+/, 2);
    return scheme === AUTH_SCHEME && token ? token : undefined;
  }
  if (!request.routeOptions.config.cookieAuth) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  // Cookies are parsed here only, for the few routes that take one (@fastify/cookie's per-request hook is off).
  const cookie = request.headers.cookie
    ? request.server.parseCookie(request.headers.cookie)[AUTH_COOKIE_NAME]
    : undefined;
  if (!cookie) return undefined;
  const value = cookie.startsWith(`${AUTH_SCHEME} `) ? cookie.slice(AUTH_SCHEME.length + 1) : cookie;
  return value.trim() || undefined;
}

/** The principal of a token from the database (then cached), when the session cache does not hold it. */
async function readPrincipal(
  db: Db,
  cache: PrincipalCache | undefined,
  tokenHash: string,
  idleMinutes: number,
): Promise<Principal | undefined> {
  const ticket = cache?.ticket() ?? 0;
  const session = await findActiveSession(db, tokenHash, idleMinutes);
  if (!session) return undefined;
  const principal: Principal = Object.freeze({
    sessionId: session.session_id,
    systemUserId: session.system_user_id,
    email: session.email,
    accessLevel: session.access_level,
    manufacturerId: session.manufacturer_id,
    manufacturerName: session.manufacturer_name,
    staffRole: session.staff_role,
  });
  cache?.set(tokenHash, ticket, {
    principal,
    sessionId: principal.sessionId,
    systemUserId: principal.systemUserId,
    manufacturerId: principal.manufacturerId,
    expiresAt: Math.min(session.expires_at.getTime(), session.idle_expires_at.getTime()),
  });
  return principal;
}

export interface AuthenticationOptions {
  cache?: PrincipalCache;
  /** A session unused this long is dead (besides its absolute lifetime). */
  idleMinutes: number;
  /** Refused API keys per address per minute before 429. */
  apiKeyFailuresPerMinute: number;
}

/**
 * Every route of this scope needs a live session unless its config says `public: true`, and no answer of the
 * scope (errors included) may be stored by a browser or proxy: they carry tenant data or a session token.
 */
export function registerAuthentication(
  scope: FastifyInstance,
  db: Db,
  { cache, idleMinutes, apiKeyFailuresPerMinute }: AuthenticationOptions,
): void {
  scope.decorateRequest('principal', null);
  scope.decorateRequest('apiKey', null);
  const apiKeys = { db, cache, failuresPerAddressPerMinute: apiKeyFailuresPerMinute };
  // Callback-style hooks: an async hook costs a promise and a tick per request, and a cached session needs neither.
  scope.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.public) return done();
    if (carriesApiKey(request))
      return void authenticateApiKey(request, _reply, apiKeys).then((key) => {
        request.apiKey = key;
        done();
      }, done);
    const token = tokenOf(request);
    if (!token) return done(new HttpError(401, AUTHENTICATION_REQUIRED));
    const tokenHash = hashSessionToken(token);
    const signedIn = (principal: Principal | undefined) => {
      if (!principal) return done(new HttpError(401, AUTHENTICATION_REQUIRED));
      request.principal = principal;
      done();
    };
    const cached = cache?.get(tokenHash);
    if (cached && 'sessionId' in cached) return signedIn(cached);
    readPrincipal(db, cache, tokenHash, idleMinutes).then(signedIn, done);
  });
  scope.addHook('onSend', (request, reply, payload, done) => {
    // A public route may say its own answer is cacheable (a plugin's revocation list); every other answer is not.
    if (!(request.routeOptions.config.public && reply.hasHeader('Cache-Control')))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
