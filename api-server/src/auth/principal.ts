import type { FastifyRequest } from 'fastify';
import type { AccessLevel, StaffRole } from 'shared-kit/contract';
import { HttpError } from '../lib/http-error';
import type { SessionCache } from './session-cache';
import type { ApiKeyPrincipal } from './api-key-principal';

/** A signed-in system user (manufacturer staff or the superuser), as the staff scope's hook finds them. */
export interface Principal {
  sessionId: number;
  systemUserId: number;
  email: string;
  accessLevel: AccessLevel;
  /** null for a superuser. */
  manufacturerId: number | null;
  manufacturerName: string | null;
  /** The staff member's role within their manufacturer; null for a superuser. */
  staffRole: StaffRole | null;
}

/** Manufacturer staff: a principal acting within their own manufacturer. */
export type StaffPrincipal = Principal & { manufacturerId: number };

/** Who called: a signed-in system user, or a manufacturer's API key (auth/api-key-principal.ts). */
export type Caller = Principal | ApiKeyPrincipal;

export type PrincipalCache = SessionCache<Caller>;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const AUTHENTICATION_REQUIRED = 'Authentication required. Please sign in.';

/** The caller of a route that API keys reach too (auth/api-key-scopes.ts): a key, or a signed-in principal. */
export function callerOf(request: FastifyRequest): Caller {
  return request.apiKey ?? principalOf(request);
}

/** The signed-in principal of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  return request.principal;
}
