import type { StaffAction } from 'shared-kit/contract';

/**
 * What each staff route is, by method and its URL as registered (as `api-key-scopes.ts` keys them): an action of
 * the permission table (shared-kit `STAFF_PERMISSIONS`), `signed-in` for what every staff member does for
 * themselves (their sessions, factors, sign-out), or `superuser` for the Super User's routes (the route's own
 * check refuses staff). Public routes need no entry. A staff route in none of these is refused to every role
 * (the permission test walks the registered routes, so one missing here fails it).
 */
export type StaffRouteAccess = StaffAction | 'signed-in' | 'superuser';

const routes = (access: StaffRouteAccess, list: readonly string[]) => list.map((route) => [route, access] as const);

export const STAFF_ROUTE_ACTIONS: Readonly<Record<string, StaffRouteAccess>> = Object.fromEntries([
  ...routes('signed-in', [
    'POST /api/v1/systemusers/logout',
    'GET /api/v1/systemusers/me',
    'GET /api/v1/systemusers/me/sessions',
    'DELETE /api/v1/systemusers/me/sessions/:sessionId',
    'DELETE /api/v1/systemusers/me/sessions',
    'GET /api/v1/systemusers/me/two-factor',
    'POST /api/v1/systemusers/me/two-factor/totp',
    'POST /api/v1/systemusers/me/two-factor/totp/confirm',
    'POST /api/v1/systemusers/me/two-factor/totp/disable',
    'POST /api/v1/systemusers/me/two-factor/recovery-codes',
    'GET /api/v1/systemusers/me/passkeys',
    'POST /api/v1/systemusers/me/passkeys/proof-options',
    'POST /api/v1/systemusers/me/passkeys/registration-options',
    'POST /api/v1/systemusers/me/passkeys/registration-options/with-passkey',
    'POST /api/v1/systemusers/me/passkeys',
    'POST /api/v1/systemusers/me/passkeys/:id/remove',
  ]),
  ...routes('superuser', [
    'GET /api/v1/manufacturers',
    'GET /api/v1/manufacturers/export.csv',
    'DELETE /api/v1/systemusers/:id/sessions',
  ]),
  ...routes('read', [
    'GET /api/v1/manufacturers/:id',
    'GET /api/v1/manufacturers/:id/channels',
    'GET /api/v1/dashboard',
    'GET /api/v1/audit-events',
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
    'GET /api/v1/products/:id/batches',
    'GET /api/v1/products/:id/batches/:batchId',
    'GET /api/v1/users',
    'GET /api/v1/users/export.csv',
    'GET /api/v1/users/:id',
    'GET /api/v1/users/:id/licenses',
    'GET /api/v1/users/:id/licenses/export.csv',
    'GET /api/v1/licenses/:id',
    'GET /api/v1/licenses/:id/machines',
    'GET /api/v1/licenses/:id/terms',
    'GET /api/v1/licenses/:id/leases',
    'GET /api/v1/licenses/:id/order',
    'GET /api/v1/orders/:id',
    'GET /api/v1/manufacturers/:id/orders',
    'GET /api/v1/manufacturers/:id/orders/export.csv',
    'GET /api/v1/manufacturers/:id/buyer-mails',
    'GET /api/v1/manufacturers/:id/portal-settings',
  ]),
  ...routes('catalog.write', [
    'POST /api/v1/products',
    'PATCH /api/v1/products/:id',
    'POST /api/v1/products/:id/features',
    'PATCH /api/v1/products/:id/features/:featureId',
    'DELETE /api/v1/products/:id/features/:featureId',
    'POST /api/v1/products/:id/editions',
    'PATCH /api/v1/products/:id/editions/:editionId',
    'DELETE /api/v1/products/:id/editions/:editionId',
    'PUT /api/v1/products/:id/policies/:licenseType',
    'DELETE /api/v1/products/:id/policies/:licenseType',
    'POST /api/v1/products/:id/policies/:licenseType/apply',
  ]),
  ...routes('builds.write', [
    'POST /api/v1/products/:id/builds',
    'PUT /api/v1/products/:id/builds/:buildId/files/:name',
    'POST /api/v1/products/:id/builds/:buildId/confirm',
  ]),
  ...routes('releases.write', [
    'POST /api/v1/products/:id/releases',
    'PATCH /api/v1/products/:id/releases/:releaseId',
    'POST /api/v1/manufacturers/:id/channels/:channelId/releases',
    'DELETE /api/v1/manufacturers/:id/channels/:channelId/releases/:releaseId',
  ]),
  ...routes('users.write', [
    'POST /api/v1/users',
    'PATCH /api/v1/users/:id',
    'POST /api/v1/users/imports',
    'POST /api/v1/users/imports/:id/apply',
    'POST /api/v1/manufacturers/:id/channels/:channelId/users',
    'DELETE /api/v1/manufacturers/:id/channels/:channelId/users/:userId',
    'POST /api/v1/users/:id/portal-sign-in-link',
  ]),
  ...routes('licenses.write', [
    'PATCH /api/v1/licenses/bulk-update',
    'PATCH /api/v1/licenses/:id',
    'POST /api/v1/licenses/:id/activations',
    'DELETE /api/v1/products/:id/trials/:trialId',
  ]),
  ...routes('licenses.issue', [
    'POST /api/v1/users/:id/licenses',
    'POST /api/v1/licenses/:id/edition',
    'POST /api/v1/licenses/:id/renew',
    'POST /api/v1/products/:id/batches',
    // The unsold serials of a batch are worth what they sell for: whoever may make batches may export them.
    'GET /api/v1/products/:id/batches/:batchId/export.csv',
    'POST /api/v1/products/:id/batches/:batchId/void',
  ]),
  ...routes('machines.free', [
    'POST /api/v1/licenses/:id/machines/:machineId/deactivate',
    'POST /api/v1/licenses/:id/leases/:leaseId/release',
  ]),
  ...routes('orders.write', ['POST /api/v1/orders', 'POST /api/v1/orders/:id/refund']),
  ...routes('keys.manage', [
    'GET /api/v1/manufacturers/:id/api-keys',
    'POST /api/v1/manufacturers/:id/api-keys',
    'POST /api/v1/manufacturers/:id/api-keys/:keyId/revoke',
  ]),
  ...routes('webhooks.manage', [
    'GET /api/v1/manufacturers/:id/webhook-endpoints',
    'POST /api/v1/manufacturers/:id/webhook-endpoints',
    'GET /api/v1/manufacturers/:id/webhook-endpoints/:endpointId',
    'PATCH /api/v1/manufacturers/:id/webhook-endpoints/:endpointId',
    'DELETE /api/v1/manufacturers/:id/webhook-endpoints/:endpointId',
    'GET /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/deliveries',
    'POST /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/deliveries/:deliveryId/redeliver',
    'POST /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/test',
  ]),
  ...routes('settings.manage', [
    'PATCH /api/v1/manufacturers/:id',
    'PATCH /api/v1/manufacturers/:id/portal-settings',
    'PUT /api/v1/manufacturers/:id/buyer-mails',
    // The mail log's mails carry sign-in links: it is read with the mail settings, not by every role.
    'GET /api/v1/manufacturers/:id/emails',
    'GET /api/v1/manufacturers/:id/emails/:emailId',
    'POST /api/v1/manufacturers/:id/emails/test',
    'GET /api/v1/manufacturers/:id/mail-settings',
    'PUT /api/v1/manufacturers/:id/mail-settings',
    'GET /api/v1/manufacturers/:id/stores/:store',
    'PUT /api/v1/manufacturers/:id/stores/:store/secret',
    'POST /api/v1/manufacturers/:id/stores/:store/mappings',
    'PUT /api/v1/manufacturers/:id/stores/:store/mappings/:mappingId',
    'DELETE /api/v1/manufacturers/:id/stores/:store/mappings/:mappingId',
  ]),
  // Who works for the manufacturer: owners and admins (the routes also check requireStaffManager, and an owner's
  // account or making an owner against staff-rules.ts).
  ...routes('staff.manage', [
    'GET /api/v1/manufacturers/:id/staff',
    'POST /api/v1/manufacturers/:id/staff/invites',
    'PUT /api/v1/manufacturers/:id/staff/:memberId/role',
    'POST /api/v1/manufacturers/:id/staff/:memberId/disable',
    'POST /api/v1/manufacturers/:id/staff/:memberId/enable',
    'DELETE /api/v1/manufacturers/:id/staff/:memberId',
    'DELETE /api/v1/manufacturers/:id/staff/:memberId/sessions',
    'DELETE /api/v1/manufacturers/:id/staff/:memberId/two-factor',
    'DELETE /api/v1/manufacturers/:id/staff/invites/:inviteId',
  ]),
  // How the manufacturer's staff sign in: the owners' (the routes also check requireOwner).
  ...routes('staff.access', [
    'GET /api/v1/manufacturers/:id/sso',
    'PUT /api/v1/manufacturers/:id/sso',
    'PUT /api/v1/manufacturers/:id/two-factor-requirement',
  ]),
  // Every member may see whether two-factor sign-in is required of them.
  ...routes('read', ['GET /api/v1/manufacturers/:id/two-factor-requirement']),
  ...routes('superuser', [
    'GET /api/v1/platform/two-factor-requirement',
    'PUT /api/v1/platform/two-factor-requirement',
  ]),
]);

/** What the route is (`GET /api/v1/products/:id`; HEAD goes with its GET), or undefined when it is in no list. */
export function staffRouteAccess(method: string, url: string): StaffRouteAccess | undefined {
  return STAFF_ROUTE_ACTIONS[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
