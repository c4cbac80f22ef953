import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTAL_AUTH_SCHEME } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { hashSessionToken } from '../auth/session-token';
import { HttpError } from '../lib/http-error';
import { findActiveCustomerSession } from './customer-sessions';
import { PORTAL_SESSION_REQUIRED, PORTAL_SWITCHED_OFF } from './sign-in-words';

/** A customer signed in to one manufacturer's portal: an end user of that manufacturer. */
export interface Customer {
  sessionId: number;
  endUserId: number;
  email: string;
  manufacturerId: number;
  manufacturerName: string;
  slug: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: Customer | null;
  }
}

/** The customer token: `Authorization: PortalSession <token>` only. A staff token (MSession), a cookie or a query never counts. */
export function customerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  return scheme === PORTAL_AUTH_SCHEME && token ? token : undefined;
}

/**
 * Every route of the portal scope needs a live customer session unless its config says `public: true`. The scope
 * is not the staff one: a staff session is never looked up here, and a customer session is never looked up there.
 * No answer may be stored by a browser or proxy.
 */
export function registerCustomerAuthentication(scope: FastifyInstance, db: Db, idleMinutes: number): void {
  scope.decorateRequest('customer', null);
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = customerTokenOf(request);
    if (!token) throw new HttpError(401, PORTAL_SESSION_REQUIRED);
    const session = await findActiveCustomerSession(db, hashSessionToken(token), idleMinutes);
    if (!session) throw new HttpError(401, PORTAL_SESSION_REQUIRED);
    if (!session.portal_enabled) throw new HttpError(403, PORTAL_SWITCHED_OFF);
    request.customer = Object.freeze({
      sessionId: session.session_id,
      endUserId: session.end_user_id,
      email: session.email,
      manufacturerId: session.manufacturer_id,
      manufacturerName: session.manufacturer_name,
      slug: session.portal_slug,
    });
  });
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/** The signed-in customer of a customer route. */
export function customerOf(request: FastifyRequest): Customer {
  if (!request.customer) throw new HttpError(401, PORTAL_SESSION_REQUIRED);
  return request.customer;
}
