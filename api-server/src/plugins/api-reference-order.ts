// The order of the paths in the API reference (GET /api/v1/openapi.json, /api/docs). Each domain registers its own
// routes, so the order they are registered in follows app.ts and the domains' folders; the document keeps this one
// order instead, by area (staff sign-in, manufacturers, products, licences, users, the client API, audit, dashboard,
// mail, the portal's staff routes, then the customer portal), so that moving a route file changes nothing in it.
// A new route's path goes here, in its area: the api-reference test fails while one is missing.

/** Every path of the API reference, in the document's order (each relative to the server URL `/api/v1`). */
export const API_REFERENCE_PATH_ORDER: readonly string[] = [
  '/systemusers/login',
  '/systemusers/logout',
  '/systemusers/me',
  '/systemusers/me/sessions',
  '/systemusers/me/sessions/{sessionId}',
  '/systemusers/{id}/sessions',
  '/manufacturers',
  '/manufacturers/{id}',
  '/manufacturers/{id}/channels',
  '/manufacturers/{id}/channels/{channelId}/releases',
  '/manufacturers/{id}/channels/{channelId}/releases/{releaseId}',
  '/manufacturers/{id}/channels/{channelId}/users',
  '/manufacturers/{id}/channels/{channelId}/users/{userId}',
  '/manufacturers/{id}/webhook-endpoints',
  '/manufacturers/{id}/webhook-endpoints/{endpointId}',
  '/manufacturers/{id}/webhook-endpoints/{endpointId}/deliveries',
  '/manufacturers/{id}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
  '/manufacturers/{id}/webhook-endpoints/{endpointId}/test',
  '/manufacturers/export.csv',
  '/products',
  '/products/{id}',
  '/products/{id}/builds',
  '/products/{id}/builds/{buildId}',
  '/products/{id}/builds/{buildId}/confirm',
  '/products/{id}/builds/{buildId}/files/{name}',
  '/products/{id}/releases',
  '/products/{id}/releases/{releaseId}',
  '/products/{id}/licenses',
  '/products/{id}/trials',
  '/products/{id}/trials/{trialId}',
  '/products/export.csv',
  '/products/{id}/builds/export.csv',
  '/products/{id}/releases/export.csv',
  '/products/{id}/licenses/export.csv',
  '/products/{id}/trials/export.csv',
  '/licenses/bulk-update',
  '/licenses/{id}',
  '/licenses/{id}/activations',
  '/licenses/{id}/machines',
  '/licenses/{id}/machines/{machineId}/deactivate',
  '/users',
  '/users/{id}',
  '/users/{id}/licenses',
  '/users/export.csv',
  '/users/{id}/licenses/export.csv',
  '/users/imports',
  '/users/imports/{id}/apply',
  '/clients/app/products/{id}/builds/{buildId}/files',
  '/clients/app/trials',
  '/clients/app/activations',
  '/clients/app/deactivations',
  '/clients/app/validations',
  '/clients/app/products/{id}/revocations',
  '/clients/app/update-checks',
  '/clients/app/downloads/{fileId}',
  '/audit-events',
  '/dashboard',
  '/manufacturers/{id}/emails',
  '/manufacturers/{id}/emails/{emailId}',
  '/manufacturers/{id}/emails/test',
  '/manufacturers/{id}/mail-settings',
  '/manufacturers/{id}/portal-settings',
  '/users/{id}/portal-sign-in-link',
  '/portal/{slug}',
  '/portal/{slug}/sign-in/code',
  '/portal/{slug}/sign-in',
  '/portal/sign-out',
  '/portal/me',
  '/portal/licenses',
  '/portal/trials',
  '/portal/licenses/{licenseId}/offline-activations',
  '/portal/licenses/{licenseId}/machines/{machineId}/deactivate',
  '/portal/downloads',
  '/portal/email-change',
  '/portal/email-change/confirm',
  '/manufacturers/{id}/api-keys',
  '/manufacturers/{id}/api-keys/{keyId}/revoke',
  '/clients/app/browser-activations',
  '/clients/app/browser-activations/poll',
  '/portal/browser-activations/{userCode}',
  '/portal/browser-activations/{userCode}/approve',
  '/portal/browser-activations/{userCode}/deny',
  // Licence policies (a product's features, editions and policies; a licence's terms).
  '/products/{id}/features',
  '/products/{id}/features/{featureId}',
  '/products/{id}/editions',
  '/products/{id}/editions/{editionId}',
  '/products/{id}/policies',
  '/products/{id}/policies/{licenseType}',
  '/products/{id}/policies/{licenseType}/apply-preview',
  '/products/{id}/policies/{licenseType}/apply',
  '/licenses/{id}/terms',
  '/licenses/{id}/edition',
  '/licenses/{id}/renew',
  // Two-factor sign-in (a staff member's own factors; the sign-in's second step).
  '/systemusers/login/second-factor',
  '/systemusers/me/two-factor',
  '/systemusers/me/two-factor/totp',
  '/systemusers/me/two-factor/totp/confirm',
  '/systemusers/me/two-factor/totp/disable',
  '/systemusers/me/two-factor/recovery-codes',
];

const rank = new Map(API_REFERENCE_PATH_ORDER.map((path, index) => [path, index]));

/** `paths` in the reference's order; one it does not list comes after, in the order it was registered. */
export function inReferenceOrder<Item>(paths: Record<string, Item>): Record<string, Item> {
  const order = (path: string) => rank.get(path) ?? API_REFERENCE_PATH_ORDER.length;
  const sorted = Object.keys(paths).sort((a, b) => order(a) - order(b));
  return Object.fromEntries(sorted.map((path) => [path, paths[path]]));
}

/** The OpenAPI document with its paths in the reference's order. */
export function withPathsInReferenceOrder<Document extends { paths?: Record<string, unknown> }>(
  document: Document,
): Document {
  return document.paths ? { ...document, paths: inReferenceOrder(document.paths) } : document;
}
