import type { ApiKeyScope } from 'shared-kit/contract';

/**
 * What each scope reaches, route by route (method and the route's URL as registered). A route in no list is
 * out of every key's reach: staff and superuser administration, sessions, key management, settings, the portal.
 * `read` is the manufacturer's data (lists, their exports, details), not its configuration (webhooks, mail,
 * portal settings) and not the mail log (its mails carry sign-in links).
 */
export const API_KEY_SCOPE_ROUTES: Record<ApiKeyScope, readonly string[]> = {
  read: [
    'GET /api/v1/manufacturers/:id',
    'GET /api/v1/manufacturers/:id/channels',
    'GET /api/v1/products',
    'GET /api/v1/products/export.csv',
    'GET /api/v1/products/:id',
    'GET /api/v1/products/:id/builds',
    'GET /api/v1/products/:id/builds/export.csv',
    'GET /api/v1/products/:id/builds/:buildId',
    'GET /api/v1/products/:id/builds/:buildId/files/:name',
    'GET /api/v1/clients/app/products/:id/builds/:buildId/files',
    'GET /api/v1/products/:id/releases',
    'GET /api/v1/products/:id/releases/export.csv',
    'GET /api/v1/products/:id/releases/:releaseId',
    'GET /api/v1/products/:id/features',
    'GET /api/v1/products/:id/editions',
    'GET /api/v1/products/:id/policies',
    'GET /api/v1/products/:id/policies/:licenseType/apply-preview',
    'GET /api/v1/products/:id/licenses',
    'GET /api/v1/products/:id/licenses/export.csv',
    'GET /api/v1/products/:id/trials',
    'GET /api/v1/products/:id/trials/export.csv',
    'GET /api/v1/users',
    'GET /api/v1/users/export.csv',
    'GET /api/v1/users/:id',
    'GET /api/v1/users/:id/licenses',
    'GET /api/v1/users/:id/licenses/export.csv',
    'GET /api/v1/licenses/:id',
    'GET /api/v1/licenses/:id/machines',
    'GET /api/v1/licenses/:id/terms',
    'GET /api/v1/licenses/:id/leases',
    'GET /api/v1/audit-events',
    'GET /api/v1/dashboard',
    'GET /api/v1/manufacturers/:id/orders',
    'GET /api/v1/manufacturers/:id/orders/export.csv',
    'GET /api/v1/orders/:id',
    'GET /api/v1/licenses/:id/order',
    // Batches, not their serials: an export of unsold serials is worth what they sell for, so it stays with staff.
    'GET /api/v1/products/:id/batches',
    'GET /api/v1/products/:id/batches/:batchId',
  ],
  'builds:upload': [
    'POST /api/v1/products/:id/builds',
    'PUT /api/v1/products/:id/builds/:buildId/files/:name',
    'POST /api/v1/products/:id/builds/:buildId/confirm',
  ],
  'orders:write': ['POST /api/v1/orders', 'POST /api/v1/orders/:id/refund'],
};

const ROUTES_OF_SCOPE = new Map(
  Object.entries(API_KEY_SCOPE_ROUTES).map(([scope, routes]) => [scope, new Set(routes)] as const),
);

/** True when one of the scopes reaches the route (`GET /api/v1/products/:id`); HEAD goes with its GET. */
export function scopesReach(scopes: readonly ApiKeyScope[], method: string, url: string): boolean {
  const route = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return scopes.some((scope) => ROUTES_OF_SCOPE.get(scope)?.has(route) === true);
}
