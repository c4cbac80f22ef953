import { API_KEY_SCOPE_ACTIONS, type ApiKeyScope } from 'shared-kit/contract';
import { STAFF_ROUTE_ACTIONS } from './staff-route-actions';

/**
 * Routes no key reaches, whatever its scopes, although the permission table gives them an action. Every other
 * route of an action a key's scope stands for (shared-kit `API_KEY_SCOPE_ACTIONS`) is within its reach; a route
 * of no such action (staff and Super User administration, sessions, key management, settings) or of no staff
 * action at all (the customer portal) is out of it.
 */
export const ROUTES_NO_KEY_REACHES: ReadonlySet<string> = new Set([
  // Configuration, not the manufacturer's data: every staff role reads it to use the console, no program needs it.
  'GET /api/v1/manufacturers/:id/buyer-mails',
  'GET /api/v1/manufacturers/:id/portal-settings',
  // How the manufacturer's staff must sign in: a person's concern, not a program's.
  'GET /api/v1/manufacturers/:id/two-factor-requirement',
  // The mail log's mails carry sign-in links: out of reach even if a scope comes to stand for the settings.
  'GET /api/v1/manufacturers/:id/emails',
  'GET /api/v1/manufacturers/:id/emails/:emailId',
  // A batch's unsold serials are worth what they sell for: out of reach even if a scope comes to stand for issuing.
  'GET /api/v1/products/:id/batches/:batchId/export.csv',
]);

/** The route as the tables key it (`GET /api/v1/products/:id`); HEAD goes with its GET. */
const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

function reaches(scopes: readonly ApiKeyScope[], route: string): boolean {
  if (ROUTES_NO_KEY_REACHES.has(route)) return false;
  const access = STAFF_ROUTE_ACTIONS[route];
  return scopes.some((scope) => API_KEY_SCOPE_ACTIONS[scope] === access);
}

/** True when one of the scopes reaches the route (method and the route's URL as registered). */
export function scopesReach(scopes: readonly ApiKeyScope[], method: string, url: string): boolean {
  return reaches(scopes, routeKey(method, url));
}

/** Every route a scope reaches (`GET /api/v1/products`), in the permission table's order. */
export function routesOfScope(scope: ApiKeyScope): string[] {
  return Object.keys(STAFF_ROUTE_ACTIONS).filter((route) => reaches([scope], route));
}
