import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_NAME, AUTH_SCHEME, type AccessLevel } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { findActiveSession } from '../repositories/sessions';
import { hashSessionToken } from '../auth/session-token';
import type { SessionCache } from '../auth/session-cache';
import { HttpError, SUPERUSER_REQUIRED } from '../lib/http-error';

export interface Principal {
  sessionId: number;
  systemUserId: number;
  email: string;
  accessLevel: AccessLevel;
  /** null for a superuser. */
  manufacturerId: number | null;
  manufacturerName: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (login, health). Every other route needs one. */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const AUTHENTICATION_REQUIRED = 'Authentication required. Please sign in.';

/**
 * The session token: `Authorization: MSession <token>`, or the `authorization` cookie on GET only (file
 * downloads the browser opens itself); a cookie never authorises a state change.
 */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, token] = header.trim().split(/\s+/, 2);
    return scheme === AUTH_SCHEME && token ? token : undefined;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const cookie = request.cookies?.[AUTH_COOKIE_NAME];
  if (!cookie) return undefined;
  const value = cookie.startsWith(`${AUTH_SCHEME} `) ? cookie.slice(AUTH_SCHEME.length + 1) : cookie;
  return value.trim() || undefined;
}

export type PrincipalCache = SessionCache<Principal>;

/** The principal of a token: from the session cache when it holds it, else from the database (and then cached). */
async function resolvePrincipal(db: Db, cache: PrincipalCache | undefined, token: string): Promise<Principal | undefined> {
  const tokenHash = hashSessionToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const ticket = cache?.ticket() ?? 0;
  const session = await findActiveSession(db, tokenHash);
  if (!session) return undefined;
  const principal: Principal = Object.freeze({
    sessionId: session.session_id,
    systemUserId: session.system_user_id,
    email: session.email,
    accessLevel: session.access_level,
    manufacturerId: session.manufacturer_id,
    manufacturerName: session.manufacturer_name,
  });
  cache?.set(tokenHash, ticket, {
    principal,
    sessionId: principal.sessionId,
    systemUserId: principal.systemUserId,
    manufacturerId: principal.manufacturerId,
    expiresAt: session.expires_at.getTime(),
  });
  return principal;
}

/** Every route of this scope needs a live session unless its config says `public: true`. */
export function registerAuthentication(scope: FastifyInstance, db: Db, cache?: PrincipalCache): void {
  scope.decorateRequest('principal', null);
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = tokenOf(request);
    const principal = token ? await resolvePrincipal(db, cache, token) : undefined;
    if (!principal) throw new HttpError(401, AUTHENTICATION_REQUIRED);
    request.principal = principal;
  });
}

/** The signed-in principal of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  return request.principal;
}

export function requireSuperuser(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (principal.accessLevel !== 'superuser') throw new HttpError(403, SUPERUSER_REQUIRED);
  return principal;
}

/** Manufacturer staff act within their own manufacturer; the superuser manages manufacturers, not their data. */
export function requireManufacturerStaff(request: FastifyRequest): Principal & { manufacturerId: number } {
  const principal = principalOf(request);
  if (principal.manufacturerId === null) throw new HttpError(403, 'Access denied. This action is for manufacturer users.');
  return principal as Principal & { manufacturerId: number };
}
