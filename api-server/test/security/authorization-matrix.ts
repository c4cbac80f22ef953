import { PLAIN_POLICY } from 'shared-kit/contract';
import { randomUUID } from 'node:crypto';
import { writeOfflineRequest } from 'signed-formats';
import type { Role, World } from './matrix-world';
import { paddleTestSignature, stripeTestSignature } from '../support/store-signatures';

export interface MatrixRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixEntry {
  /** A valid request on an object of manufacturer A (so a refusal is about who asks, not about the input). */
  request: (world: World) => MatrixRequest;
  expect: Record<Role, number>;
  /** Collection routes: B acts within B (its own list, its own new object), never on A's data. */
  staffBActsOnOwnTenant?: boolean;
  /** Ends the session it is called with: run with sessions of its own. */
  endsSession?: boolean;
}

const clientData = (type: string) =>
  Buffer.from(JSON.stringify({ type, challenge: 'bm90LWhhbmRlZC1vdXQ', origin: 'http://localhost' })).toString(
    'base64url',
  );
const UNKNOWN_PASSKEY_ANSWER = {
  id: 'bWF0cml4LXBhc3NrZXk',
  rawId: 'bWF0cml4LXBhc3NrZXk',
  type: 'public-key',
  response: {
    clientDataJSON: clientData('webauthn.get'),
    authenticatorData: 'AAAA',
    signature: 'AAAA',
    userHandle: 'AAAA',
  },
  clientExtensionResults: {},
};
const UNKNOWN_PASSKEY_REGISTRATION = {
  id: 'bWF0cml4LXBhc3NrZXk',
  rawId: 'bWF0cml4LXBhc3NrZXk',
  type: 'public-key',
  response: { clientDataJSON: clientData('webauthn.create'), attestationObject: 'AAAA', transports: ['internal'] },
  clientExtensionResults: {},
};

/** A customer token is no staff session: every staff route answers it 401, as it answers no token. */
const STAFF_ROUTE_FOR_CUSTOMERS = { customerA: 401, customerB: 401 };
const PUBLIC = { anonymous: 200, superuser: 200, staffA: 200, staffB: 200, customerA: 200, customerB: 200 };
/** Manufacturer staff only; another tenant's object answers 404 like a missing one. */
const staffOnly = (ok: number) => ({
  anonymous: 401,
  superuser: 403,
  staffA: ok,
  staffB: 404,
  ...STAFF_ROUTE_FOR_CUSTOMERS,
});
/** Manufacturer staff only, on a collection: B gets its own. */
const staffCollection = (ok: number) => ({
  anonymous: 401,
  superuser: 403,
  staffA: ok,
  staffB: ok,
  ...STAFF_ROUTE_FOR_CUSTOMERS,
});

/** A manufacturer's own sub-resource that a superuser may reach too: staff of B answer 404 like a missing one. */
const ownOrSuperuser = (ok: number) => ({
  anonymous: 401,
  superuser: ok,
  staffA: ok,
  staffB: 404,
  ...STAFF_ROUTE_FOR_CUSTOMERS,
});
const webhookEndpoint = (w: World) =>
  `/api/v1/manufacturers/${w.manufacturerA}/webhook-endpoints/${w.webhookEndpointA}`;

const WEBHOOK_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/webhook-endpoints': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/webhook-endpoints` }),
    expect: ownOrSuperuser(200),
  },
  'DELETE /api/v1/manufacturers/:id/webhook-endpoints/:endpointId': {
    // Each role (one call each) aims at an endpoint of A that still exists. Before the POST: a manufacturer holds
    // at most 10 endpoints (webhooks/limits.ts), and the world gives A one to delete per role.
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/webhook-endpoints/${w.webhookEndpointsToDeleteA.pop()}`,
    }),
    expect: ownOrSuperuser(204),
  },
  'POST /api/v1/manufacturers/:id/webhook-endpoints': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/webhook-endpoints`,
      payload: { url: 'https://93.184.215.14/matrix', event_types: ['license.created'] },
    }),
    expect: ownOrSuperuser(201),
  },
  'GET /api/v1/manufacturers/:id/webhook-endpoints/:endpointId': {
    request: (w) => ({ url: webhookEndpoint(w) }),
    expect: ownOrSuperuser(200),
  },
  'PATCH /api/v1/manufacturers/:id/webhook-endpoints/:endpointId': {
    request: (w) => ({ url: webhookEndpoint(w), payload: { enabled: true } }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/deliveries': {
    request: (w) => ({ url: `${webhookEndpoint(w)}/deliveries` }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/deliveries/:deliveryId/redeliver': {
    request: (w) => ({ url: `${webhookEndpoint(w)}/deliveries/${w.webhookDeliveryA}/redeliver` }),
    expect: ownOrSuperuser(202),
  },
  'POST /api/v1/manufacturers/:id/webhook-endpoints/:endpointId/test': {
    request: (w) => ({ url: `${webhookEndpoint(w)}/test` }),
    expect: ownOrSuperuser(202),
  },
};

const API_KEY_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/api-keys': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/api-keys` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/manufacturers/:id/api-keys': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/api-keys`,
      payload: { name: 'Matrix key', scopes: ['read'] },
    }),
    expect: staffOnly(201),
  },
  'POST /api/v1/manufacturers/:id/api-keys/:keyId/revoke': {
    // Each role (one call each) aims at a key of A that is still live.
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/api-keys/${w.apiKeysToRevokeA.pop()}/revoke`,
    }),
    expect: staffOnly(200),
  },
};

/** Customer routes of the portal: a customer session only; a staff token is no customer session (401). */
const customerOnly = (ok: number) => ({
  anonymous: 401,
  superuser: 401,
  staffA: 401,
  staffB: 401,
  customerA: ok,
  customerB: ok,
});

const PORTAL_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/portal/:slug': { request: (w) => ({ url: `/api/v1/portal/${w.portalSlugA}` }), expect: PUBLIC },
  'POST /api/v1/portal/:slug/sign-in/code': {
    request: (w) => ({ url: `/api/v1/portal/${w.portalSlugA}/sign-in/code`, payload: { email: w.customerEmailA } }),
    expect: { anonymous: 202, superuser: 202, staffA: 202, staffB: 202, customerA: 202, customerB: 202 },
  },
  'POST /api/v1/portal/:slug/sign-in': {
    // Each role follows a magic link of its own; the route is public, whoever asks signs in as its owner.
    request: (w) => ({ url: `/api/v1/portal/${w.portalSlugA}/sign-in`, payload: { token: w.signInLinkTokensA.pop() } }),
    expect: PUBLIC,
  },
  'POST /api/v1/portal/sign-out': {
    request: () => ({ url: '/api/v1/portal/sign-out' }),
    expect: customerOnly(204),
    endsSession: true,
  },
  'GET /api/v1/portal/me': { request: () => ({ url: '/api/v1/portal/me' }), expect: customerOnly(200) },
  'GET /api/v1/portal/licenses': { request: () => ({ url: '/api/v1/portal/licenses' }), expect: customerOnly(200) },
  'GET /api/v1/portal/trials': { request: () => ({ url: '/api/v1/portal/trials' }), expect: customerOnly(200) },
  // Offline activation: licence A is customer A's; customer B is another customer of the same manufacturer (404).
  'POST /api/v1/portal/licenses/:licenseId/offline-activations': {
    request: (w) => ({
      url: `/api/v1/portal/licenses/${w.licenseA}/offline-activations`,
      payload: {
        request: writeOfflineRequest({
          product_id: w.productA,
          product_identifier: w.productAIdentifier,
          serial: w.licenseSerialA,
          hardware_fingerprint: 'MATRIX-OFFLINE',
          hardware_fingerprint_version: 2,
          signature_seed_version: 5,
          plugin_version: '1.0.0',
          created_at: '2026-03-01T10:00:00Z',
          machine_name: 'Matrix Studio',
        }),
      },
    }),
    expect: { ...customerOnly(200), customerB: 404 },
  },
  // What a customer does. Customer B is another customer of the same manufacturer: licence A is not theirs (404).
  'POST /api/v1/portal/licenses/:licenseId/machines/:machineId/deactivate': {
    request: (w) => ({ url: `/api/v1/portal/licenses/${w.licenseA}/machines/${w.portalMachineA}/deactivate` }),
    expect: { ...customerOnly(200), customerB: 404 },
  },
  // Browser activation: any customer of the manufacturer holding the code may look a request up or refuse it; only
  // the licence's owner approves with it (customer B: 404). Each call takes a code of its own.
  'GET /api/v1/portal/browser-activations/:userCode': {
    request: (w) => ({ url: `/api/v1/portal/browser-activations/${w.browserActivation.userCodes.pop()}` }),
    expect: customerOnly(200),
  },
  'POST /api/v1/portal/browser-activations/:userCode/approve': {
    request: (w) => ({
      url: `/api/v1/portal/browser-activations/${w.browserActivation.userCodes.pop()}/approve`,
      payload: { license_id: w.licenseA },
    }),
    expect: { ...customerOnly(200), customerB: 404 },
  },
  'POST /api/v1/portal/browser-activations/:userCode/deny': {
    request: (w) => ({ url: `/api/v1/portal/browser-activations/${w.browserActivation.userCodes.pop()}/deny` }),
    expect: customerOnly(200),
  },
  'GET /api/v1/portal/downloads': { request: () => ({ url: '/api/v1/portal/downloads' }), expect: customerOnly(200) },
  'POST /api/v1/portal/email-change': {
    request: () => ({ url: '/api/v1/portal/email-change', payload: { new_email: 'matrix.new.address@example.com' } }),
    expect: customerOnly(202),
  },
  // No customer has a code here: the refusal (400) shows the request got past who asks, to the code.
  'POST /api/v1/portal/email-change/confirm': {
    request: () => ({ url: '/api/v1/portal/email-change/confirm', payload: { code: '000000' } }),
    expect: customerOnly(400),
  },
  'GET /api/v1/manufacturers/:id/portal-settings': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/portal-settings` }),
    expect: ownOrSuperuser(200),
  },
  'PATCH /api/v1/manufacturers/:id/portal-settings': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/portal-settings`, payload: { enabled: true } }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/users/:id/portal-sign-in-link': {
    request: (w) => ({ url: `/api/v1/users/${w.endUserA}/portal-sign-in-link` }),
    expect: staffOnly(202),
  },
};

const EMAIL_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/emails': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/emails?status=kept` }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/manufacturers/:id/emails/:emailId': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/emails/${w.emailA}` }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/emails/test': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/emails/test`, payload: {} }),
    expect: ownOrSuperuser(202),
  },
  'GET /api/v1/manufacturers/:id/mail-settings': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/mail-settings` }),
    expect: ownOrSuperuser(200),
  },
  'PUT /api/v1/manufacturers/:id/mail-settings': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/mail-settings`,
      payload: {
        sender_name: 'Aurora Audio Support',
        reply_to: 'support@aurora-audio.example',
        logo_url: null,
        brand_color: '#2255aa',
      },
    }),
    expect: ownOrSuperuser(200),
  },
};

/** Stores: a manufacturer's Stripe and Paddle settings (own staff or the superuser); the stores' webhooks are public. */
const storeUrl = (w: World, path = '') => `/api/v1/manufacturers/${w.manufacturerA}/stores/stripe${path}`;
const STORE_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/stores/:store': {
    request: (w) => ({ url: storeUrl(w) }),
    expect: ownOrSuperuser(200),
  },
  'PUT /api/v1/manufacturers/:id/stores/:store/secret': {
    // The same secret again: the webhook routes below keep verifying with it.
    request: (w) => ({ url: storeUrl(w, '/secret'), payload: { secret: w.stores.stripeSecret } }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/stores/:store/mappings': {
    request: (w) => ({
      url: storeUrl(w, '/mappings'),
      payload: { store_price_id: `price_matrix_${randomUUID()}`, product_id: w.productA, license_type: 'Standard' },
    }),
    expect: ownOrSuperuser(201),
  },
  'PUT /api/v1/manufacturers/:id/stores/:store/mappings/:mappingId': {
    request: (w) => ({
      url: storeUrl(w, `/mappings/${w.stores.mappingToEditA}`),
      payload: { store_price_id: `price_matrix_${randomUUID()}`, product_id: w.productA, license_type: 'NFR' },
    }),
    expect: ownOrSuperuser(200),
  },
  'DELETE /api/v1/manufacturers/:id/stores/:store/mappings/:mappingId': {
    request: (w) => ({ url: storeUrl(w, `/mappings/${w.stores.mappingsToDeleteA.pop()}`) }),
    expect: ownOrSuperuser(204),
  },
  // Signed by the store with A's secret: anyone may deliver it (an event ProductHub does not act on: 200 ignored).
  'POST /api/v1/stores/stripe/:manufacturer/events': {
    request: (w) => {
      const body = JSON.stringify({
        id: `evt_matrix_${randomUUID()}`,
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_matrix', object: 'customer' } },
      });
      return {
        url: `/api/v1/stores/stripe/${w.manufacturerA}/events`,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeTestSignature(body, w.stores.stripeSecret),
        },
        payload: Buffer.from(body),
      };
    },
    expect: PUBLIC,
  },
  'POST /api/v1/stores/paddle/:manufacturer/events': {
    request: (w) => {
      const body = JSON.stringify({
        event_id: `evt_matrix_${randomUUID()}`,
        event_type: 'product.created',
        occurred_at: new Date().toISOString(),
        notification_id: null,
        data: { id: 'pro_matrix' },
      });
      return {
        url: `/api/v1/stores/paddle/${w.portalSlugA}/events`,
        headers: {
          'content-type': 'application/json',
          'paddle-signature': paddleTestSignature(body, w.stores.paddleSecret),
        },
        payload: Buffer.from(body),
      };
    },
    expect: PUBLIC,
  },
};

/** Which mails a manufacturer's buyers get: its own staff or a superuser, as its mail settings. */
const BUYER_MAIL_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/buyer-mails': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/buyer-mails` }),
    expect: ownOrSuperuser(200),
  },
  'PUT /api/v1/manufacturers/:id/buyer-mails': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/buyer-mails`, payload: { trial_ended: false } }),
    expect: ownOrSuperuser(200),
  },
};

/**
 * The authorization matrix: every route of the API × {anonymous, superuser, staff of A, staff of B} on an
 * object of A → the status it must answer. A route missing here fails the suite (authorization.test.ts).
 */
const batchOf = (w: World, batchId: number) => `/api/v1/products/${w.productA}/batches/${batchId}`;

/** Serial batches: manufacturer staff of the product, as for its other sub-resources; redeeming: any customer. */
const BATCH_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/products/:id/batches': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/batches` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/batches': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/batches`,
      payload: { license_type: 'Standard', count: 3, reseller: 'Matrix Reseller' },
    }),
    expect: staffOnly(201),
  },
  'GET /api/v1/products/:id/batches/:batchId': {
    request: (w) => ({ url: batchOf(w, w.batches.batchA) }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/batches/:batchId/export.csv': {
    request: (w) => ({ url: `${batchOf(w, w.batches.batchA)}/export.csv` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/batches/:batchId/void': {
    request: (w) => ({ url: `${batchOf(w, w.batches.batchToVoidA)}/void`, payload: {} }),
    expect: staffOnly(200),
  },
  'POST /api/v1/portal/redeem': {
    // Each role (one call each) names a serial still unsold.
    request: (w) => ({ url: '/api/v1/portal/redeem', payload: { serial: w.batches.unsoldSerialsA.pop() } }),
    expect: customerOnly(201),
  },
};

/** The staff routes: an owner of A (staff A), or an admin of A, or the Super User; staff B (B's owner) gets 404 for A's. */
const staffMember = (w: World) => `/api/v1/manufacturers/${w.manufacturerA}/staff/${w.staffTeam.memberA}`;
const STAFF_TEAM_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/staff': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/staff` }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/staff/invites': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/staff/invites`,
      payload: { email: 'matrix.newcomer@aurora-audio.example', role: 'support' },
    }),
    expect: ownOrSuperuser(201),
  },
  'POST /api/v1/staff-invites/accept': {
    // Public: the token alone decides, whoever sends it. The roles before staff A follow links that open nothing
    // (one plain 400); staff A, last, follows a live one and joins A's staff (a password hash per acceptance is
    // slow, so one is made).
    request: (w) => ({
      url: '/api/v1/staff-invites/accept',
      payload: { token: w.staffTeam.inviteTokensA.pop(), password: 'matrix violet anchor juggles' },
    }),
    expect: { anonymous: 400, superuser: 400, staffA: 200, staffB: 400, customerA: 400, customerB: 400 },
  },
  'PUT /api/v1/manufacturers/:id/staff/:memberId/role': {
    request: (w) => ({ url: `${staffMember(w)}/role`, payload: { role: 'viewer' } }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/staff/:memberId/disable': {
    request: (w) => ({ url: `${staffMember(w)}/disable` }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/manufacturers/:id/staff/:memberId/enable': {
    request: (w) => ({ url: `${staffMember(w)}/enable` }),
    expect: ownOrSuperuser(200),
  },
  'DELETE /api/v1/manufacturers/:id/staff/:memberId': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/staff/${w.staffTeam.membersToRemoveA.pop()}`,
    }),
    expect: ownOrSuperuser(204),
  },
  'DELETE /api/v1/manufacturers/:id/staff/:memberId/sessions': {
    request: (w) => ({ url: `${staffMember(w)}/sessions` }),
    expect: ownOrSuperuser(200),
  },
  'DELETE /api/v1/manufacturers/:id/staff/:memberId/two-factor': {
    request: (w) => ({ url: `${staffMember(w)}/two-factor` }),
    expect: ownOrSuperuser(200),
  },
  'DELETE /api/v1/manufacturers/:id/staff/invites/:inviteId': {
    // Each call withdraws an open invite of its own: the one that is allowed leaves none for the next.
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/staff/invites/${w.staffTeam.invitesToWithdrawA.pop()}`,
    }),
    expect: ownOrSuperuser(204),
  },
};

/**
 * Single sign-on: an owner's (or the Super User's) settings; the sign-in's start, callback and find-by-email are
 * public. The start and the callback are browser steps: a refusal sends the browser back to the sign-in page (303).
 */
const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  superuser: status,
  staffA: status,
  staffB: status,
  customerA: status,
  customerB: status,
});
const SSO_ROUTES: Record<string, MatrixEntry> = {
  'GET /api/v1/manufacturers/:id/sso': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/sso` }),
    expect: ownOrSuperuser(200),
  },
  'PUT /api/v1/manufacturers/:id/sso': {
    // Saved switched off: the start route below answers A's slug without reaching a provider.
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/sso`,
      payload: {
        enabled: false,
        // A public address: the issuer's host is resolved and checked when the settings are saved.
        issuer: 'https://93.184.215.14/realms/aurora',
        client_id: 'producthub',
        client_secret: 'matrix-client-secret',
        allowed_domains: ['aurora-audio.example'],
        groups_claim: 'groups',
        group_roles: [{ group: 'producthub-releases', role: 'release_manager' }],
        default_role: null,
        password_sign_in_off: false,
      },
    }),
    expect: ownOrSuperuser(200),
  },
  // A manufacturer without SSO switched on: back to the sign-in page, for anyone.
  'GET /api/v1/sso/:manufacturer/start': {
    request: (w) => ({ url: `/api/v1/sso/${w.portalSlugA}/start` }),
    expect: everyone(303),
  },
  // A state no sign-in handed out: back to the sign-in page, for anyone, and nothing made.
  'GET /api/v1/sso/callback': {
    request: () => ({ url: `/api/v1/sso/callback?state=${randomUUID()}&code=matrix-code` }),
    expect: everyone(303),
  },
  // A domain no company signs in with: the same plain 404 to anyone.
  'POST /api/v1/sso/find': {
    request: () => ({ url: '/api/v1/sso/find', payload: { email: 'someone@aurora-audio.example' } }),
    expect: everyone(404),
  },
};

export const AUTHORIZATION_MATRIX: Record<string, MatrixEntry> = {
  'GET /healthz': { request: () => ({ url: '/healthz' }), expect: PUBLIC },
  'GET /readyz': { request: () => ({ url: '/readyz' }), expect: PUBLIC },
  'GET /config.json': { request: () => ({ url: '/config.json' }), expect: PUBLIC },
  'GET /api/v1/openapi.json': { request: () => ({ url: '/api/v1/openapi.json' }), expect: PUBLIC },
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expect: PUBLIC },
  'GET /api/docs/json': { request: () => ({ url: '/api/docs/json' }), expect: PUBLIC },
  'GET /api/docs/yaml': { request: () => ({ url: '/api/docs/yaml' }), expect: PUBLIC },
  'GET /api/docs/static/*': { request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: PUBLIC },
  'GET /api/docs/static/index.html': {
    request: () => ({ url: '/api/docs/static/index.html' }),
    expect: { anonymous: 302, superuser: 302, staffA: 302, staffB: 302, customerA: 302, customerB: 302 },
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: PUBLIC,
  },
  'OPTIONS *': {
    request: () => ({
      url: '/api/v1/products',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    }),
    expect: { anonymous: 204, superuser: 204, staffA: 204, staffB: 204, customerA: 204, customerB: 204 },
  },
  'POST /api/v1/systemusers/login': {
    request: () => ({
      url: '/api/v1/systemusers/login',
      payload: { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/systemusers/logout': {
    request: () => ({ url: '/api/v1/systemusers/logout' }),
    expect: { anonymous: 401, superuser: 204, staffA: 204, staffB: 204, customerA: 401, customerB: 401 },
    endsSession: true,
  },
  'GET /api/v1/systemusers/me': {
    request: () => ({ url: '/api/v1/systemusers/me' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  'GET /api/v1/systemusers/me/sessions': {
    request: () => ({ url: '/api/v1/systemusers/me/sessions' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  // Only the session's own user ends it: anyone else's session answers 404 like a missing one.
  'DELETE /api/v1/systemusers/me/sessions/:sessionId': {
    request: (w) => ({ url: `/api/v1/systemusers/me/sessions/${w.staffSessions.otherSessionOfStaffA}` }),
    expect: { anonymous: 401, superuser: 404, staffA: 204, staffB: 404, customerA: 401, customerB: 401 },
  },
  // Ends the caller's other sessions, never the one it is called with.
  'DELETE /api/v1/systemusers/me/sessions': {
    request: () => ({ url: '/api/v1/systemusers/me/sessions' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  // Two-factor sign-in. The second step is public: each call takes a pending sign-in and a recovery code of its own.
  'POST /api/v1/systemusers/login/second-factor': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/second-factor',
      payload: { pending_token: w.twoFactor.pendingTokens.pop(), recovery_code: w.twoFactor.recoveryCodes.pop() },
    }),
    expect: PUBLIC,
  },
  // A signed-in user's own factors; the world's users have none on, so changing one is refused with 409.
  'GET /api/v1/systemusers/me/two-factor': {
    request: () => ({ url: '/api/v1/systemusers/me/two-factor' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  // Before the enrolment starts below (entries run in this order): nothing to confirm yet.
  'POST /api/v1/systemusers/me/two-factor/totp/confirm': {
    request: () => ({ url: '/api/v1/systemusers/me/two-factor/totp/confirm', payload: { code: '123456' } }),
    expect: { anonymous: 401, superuser: 409, staffA: 409, staffB: 409, customerA: 401, customerB: 401 },
  },
  'POST /api/v1/systemusers/me/two-factor/totp': {
    request: () => ({ url: '/api/v1/systemusers/me/two-factor/totp' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  'POST /api/v1/systemusers/me/two-factor/totp/disable': {
    request: () => ({ url: '/api/v1/systemusers/me/two-factor/totp/disable', payload: { password: 'x' } }),
    expect: { anonymous: 401, superuser: 409, staffA: 409, staffB: 409, customerA: 401, customerB: 401 },
  },
  'POST /api/v1/systemusers/me/two-factor/recovery-codes': {
    request: () => ({ url: '/api/v1/systemusers/me/two-factor/recovery-codes', payload: { password: 'x' } }),
    expect: { anonymous: 401, superuser: 409, staffA: 409, staffB: 409, customerA: 401, customerB: 401 },
  },
  // Passkeys. The sign-in's passkey step is public: each call takes a pending sign-in of its own (the world's member
  // with a passkey no authenticator holds, so an answer is never recognised).
  'POST /api/v1/systemusers/login/passkey-options': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/passkey-options',
      payload: { pending_token: w.passkeys.pendingTokens.pop() },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/systemusers/login/passkey': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/passkey',
      payload: { pending_token: w.passkeys.pendingTokens.pop(), response: UNKNOWN_PASSKEY_ANSWER },
    }),
    expect: { anonymous: 401, superuser: 401, staffA: 401, staffB: 401, customerA: 401, customerB: 401 },
  },
  // A signed-in user's own passkeys; the world's users have none (and no factor), so no proof is needed to start.
  'GET /api/v1/systemusers/me/passkeys': {
    request: () => ({ url: '/api/v1/systemusers/me/passkeys' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  'POST /api/v1/systemusers/me/passkeys/proof-options': {
    request: () => ({ url: '/api/v1/systemusers/me/passkeys/proof-options' }),
    expect: { anonymous: 401, superuser: 409, staffA: 409, staffB: 409, customerA: 401, customerB: 401 },
  },
  'POST /api/v1/systemusers/me/passkeys/registration-options': {
    request: () => ({ url: '/api/v1/systemusers/me/passkeys/registration-options', payload: {} }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
  },
  // A passkey answer to no proof challenge handed out is no fresh factor.
  'POST /api/v1/systemusers/me/passkeys/registration-options/with-passkey': {
    request: () => ({
      url: '/api/v1/systemusers/me/passkeys/registration-options/with-passkey',
      payload: { passkey: UNKNOWN_PASSKEY_ANSWER },
    }),
    expect: { anonymous: 401, superuser: 403, staffA: 403, staffB: 403, customerA: 401, customerB: 401 },
  },
  // An answer to no challenge handed out: refused before any check.
  'POST /api/v1/systemusers/me/passkeys': {
    request: () => ({
      url: '/api/v1/systemusers/me/passkeys',
      payload: { name: 'Matrix', response: UNKNOWN_PASSKEY_REGISTRATION },
    }),
    expect: { anonymous: 401, superuser: 409, staffA: 409, staffB: 409, customerA: 401, customerB: 401 },
  },
  // Another member's passkey is nobody else's to remove.
  'POST /api/v1/systemusers/me/passkeys/:id/remove': {
    request: (w) => ({
      url: `/api/v1/systemusers/me/passkeys/${w.passkeys.passkeyOfOtherUser}/remove`,
      payload: { password: 'x' },
    }),
    expect: { anonymous: 401, superuser: 404, staffA: 404, staffB: 404, customerA: 401, customerB: 401 },
  },
  'DELETE /api/v1/systemusers/:id/sessions': {
    request: (w) => ({ url: `/api/v1/systemusers/${w.staffSessions.staffUserA}/sessions` }),
    expect: { anonymous: 401, superuser: 200, staffA: 403, staffB: 403, customerA: 401, customerB: 401 },
  },

  'GET /api/v1/manufacturers': {
    request: () => ({ url: '/api/v1/manufacturers' }),
    expect: { anonymous: 401, superuser: 200, staffA: 403, staffB: 403, customerA: 401, customerB: 401 },
  },
  'GET /api/v1/manufacturers/:id': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}` }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 404, customerA: 401, customerB: 401 },
  },
  'PATCH /api/v1/manufacturers/:id': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}`, payload: { phone: '+49 30 7654321' } }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 404, customerA: 401, customerB: 401 },
  },
  'GET /api/v1/manufacturers/:id/channels': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/channels` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/manufacturers/:id/channels/:channelId/releases': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/releases`,
      payload: { product_release_id: w.nonBetaReleaseA },
    }),
    expect: staffOnly(201),
  },
  'DELETE /api/v1/manufacturers/:id/channels/:channelId/releases/:releaseId': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/releases/${w.betaReleaseA}`,
    }),
    expect: staffOnly(204),
  },
  'POST /api/v1/manufacturers/:id/channels/:channelId/users': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/users`,
      payload: { user_id: w.endUserNotInBetaA },
    }),
    expect: staffOnly(201),
  },
  'DELETE /api/v1/manufacturers/:id/channels/:channelId/users/:userId': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/channels/${w.betaChannelA}/users/${w.endUserBetaMemberA}`,
    }),
    expect: staffOnly(204),
  },
  ...WEBHOOK_ROUTES,
  ...EMAIL_ROUTES,
  ...PORTAL_ROUTES,
  ...API_KEY_ROUTES,
  ...BATCH_ROUTES,
  ...STORE_ROUTES,
  ...BUYER_MAIL_ROUTES,
  ...STAFF_TEAM_ROUTES,
  ...SSO_ROUTES,

  'GET /api/v1/products': {
    request: () => ({ url: '/api/v1/products' }),
    expect: staffCollection(200),
    staffBActsOnOwnTenant: true,
  },
  'POST /api/v1/products': {
    request: () => ({
      url: '/api/v1/products',
      payload: { type: 'Full', name: 'Matrix Product', plugin_name: 'MatrixProduct' },
    }),
    expect: staffCollection(201),
    staffBActsOnOwnTenant: true,
  },
  'GET /api/v1/products/:id': { request: (w) => ({ url: `/api/v1/products/${w.productA}` }), expect: staffOnly(200) },
  'PATCH /api/v1/products/:id': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}`,
      payload: { type: 'Full', name: 'Aurora Reverb', plugin_name: 'AuroraReverb', tagline: 'Edited by the matrix' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/builds': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/builds` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/builds': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/builds`,
      payload: {
        os: 'macOS',
        major: 3,
        minor: 0,
        revision: 0,
        build_number: 300,
        files: [{ name: 'plugin.pkg', size: 3, sha256: 'a'.repeat(64) }],
      },
    }),
    expect: staffOnly(201),
  },
  'GET /api/v1/products/:id/builds/:buildId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/builds/${w.confirmedBuildA}` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/builds/:buildId/confirm': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/builds/${w.completeBuildA}/confirm` }),
    expect: staffOnly(200),
  },
  'PUT /api/v1/products/:id/builds/:buildId/files/:name': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/builds/${w.pendingBuildA}/files/${w.pendingFile.name}`,
      payload: w.pendingFile.bytes,
      headers: { 'content-type': 'application/octet-stream' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/builds/:buildId/files/:name': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/builds/${w.confirmedBuildA}/files/${encodeURIComponent(w.confirmedBuildFileA)}`,
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/clients/app/products/:id/builds/:buildId/files': {
    request: (w) => ({ url: `/api/v1/clients/app/products/${w.productA}/builds/${w.confirmedBuildA}/files` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/releases': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/releases` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/releases': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/releases`, payload: { description: 'Matrix release' } }),
    expect: staffOnly(201),
  },
  'GET /api/v1/products/:id/releases/:releaseId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/releases/${w.releaseA}` }),
    expect: staffOnly(200),
  },
  'PATCH /api/v1/products/:id/releases/:releaseId': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/releases/${w.releaseA}`,
      payload: { description: 'Edited by the matrix' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/licenses': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/licenses` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/trials': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/trials` }),
    expect: staffOnly(200),
  },
  'DELETE /api/v1/products/:id/trials/:trialId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/trials/${w.trialA}` }),
    expect: staffOnly(204),
  },

  'GET /api/v1/users': {
    request: () => ({ url: '/api/v1/users' }),
    expect: staffCollection(200),
    staffBActsOnOwnTenant: true,
  },
  'POST /api/v1/users': {
    request: () => ({ url: '/api/v1/users', payload: { email: 'matrix.user@example.com', external_id: null } }),
    expect: staffCollection(201),
    staffBActsOnOwnTenant: true,
  },
  'GET /api/v1/users/:id': { request: (w) => ({ url: `/api/v1/users/${w.endUserA}` }), expect: staffOnly(200) },
  'PATCH /api/v1/users/:id': {
    request: (w) => ({
      url: `/api/v1/users/${w.endUserA}`,
      payload: { email: 'renamed.by.matrix@example.com', external_id: 'matrix' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/users/:id/licenses': {
    request: (w) => ({ url: `/api/v1/users/${w.endUserA}/licenses` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/users/:id/licenses': {
    request: (w) => ({
      url: `/api/v1/users/${w.endUserA}/licenses`,
      payload: { product_id: w.productA, license_type: 'NFR' },
    }),
    expect: staffOnly(201),
  },

  'GET /api/v1/audit-events': {
    request: (w) => ({ url: `/api/v1/audit-events?object_type=product&object_id=${w.productA}` }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
    staffBActsOnOwnTenant: true,
  },
  'GET /api/v1/dashboard': {
    request: () => ({ url: '/api/v1/dashboard?days=90' }),
    expect: { anonymous: 401, superuser: 200, staffA: 200, staffB: 200, customerA: 401, customerB: 401 },
    staffBActsOnOwnTenant: true,
  },

  'GET /api/v1/products/export.csv': {
    request: () => ({ url: '/api/v1/products/export.csv' }),
    expect: staffCollection(200),
  },
  'GET /api/v1/products/:id/builds/export.csv': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/builds/export.csv` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/releases/export.csv': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/releases/export.csv` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/licenses/export.csv': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/licenses/export.csv` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/products/:id/trials/export.csv': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/trials/export.csv` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/users/imports': {
    request: () => ({
      url: '/api/v1/users/imports',
      payload: Buffer.from('email,external_id\nmatrix.imported@example.com,M-1\n'),
      headers: { 'content-type': 'text/csv' },
    }),
    expect: staffCollection(201),
    staffBActsOnOwnTenant: true,
  },
  'POST /api/v1/users/imports/:id/apply': {
    request: (w) => ({ url: `/api/v1/users/imports/${w.userImportA}/apply` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/users/export.csv': {
    request: () => ({ url: '/api/v1/users/export.csv' }),
    expect: staffCollection(200),
  },
  'GET /api/v1/users/:id/licenses/export.csv': {
    request: (w) => ({ url: `/api/v1/users/${w.endUserA}/licenses/export.csv` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/manufacturers/export.csv': {
    request: () => ({ url: '/api/v1/manufacturers/export.csv' }),
    expect: { anonymous: 401, superuser: 200, staffA: 403, staffB: 403, customerA: 401, customerB: 401 },
  },

  'PATCH /api/v1/licenses/bulk-update': {
    request: (w) => ({
      url: '/api/v1/licenses/bulk-update',
      payload: { license_ids: [w.licenseA], disabled: true, disabled_reason: 'DuplicateOrder' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/v1/licenses/:id': { request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}` }), expect: staffOnly(200) },
  'PATCH /api/v1/licenses/:id': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}`, payload: { disabled: false, disabled_reason: null } }),
    expect: staffOnly(200),
  },
  'POST /api/v1/licenses/:id/activations': {
    request: (w) => ({
      url: `/api/v1/licenses/${w.licenseA}/activations`,
      payload: { hardware_fingerprint: 'MATRIX-FP-1', hardware_fingerprint_version: 2, signature_seed_version: 5 },
    }),
    expect: staffOnly(201),
  },

  // The client API: public, plugins prove a licence by its serial; the session does not matter.
  'POST /api/v1/clients/app/trials': {
    request: (w) => ({
      url: '/api/v1/clients/app/trials',
      payload: { product_id: w.productA, hardware_fingerprint: 'MATRIX-CLIENT-TRIAL' },
    }),
    expect: { anonymous: 201, superuser: 200, staffA: 200, staffB: 200, customerA: 200, customerB: 200 },
  },
  'POST /api/v1/clients/app/activations': {
    request: (w) => ({
      url: '/api/v1/clients/app/activations',
      payload: {
        product_id: w.productA,
        serial: w.licenseSerialA,
        hardware_fingerprint: 'MATRIX-CLIENT-ACTIVATE',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        machine_name: 'Matrix Mac',
      },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/clients/app/deactivations': {
    request: (w) => ({
      url: '/api/v1/clients/app/deactivations',
      payload: {
        product_id: w.productA,
        serial: w.licenseSerialA,
        hardware_fingerprint: w.clientFingerprints.deactivate,
      },
    }),
    // The first call frees the machine; after that it is no longer activated there.
    expect: { anonymous: 200, superuser: 409, staffA: 409, staffB: 409, customerA: 409, customerB: 409 },
  },
  'POST /api/v1/clients/app/validations': {
    request: (w) => ({
      url: '/api/v1/clients/app/validations',
      payload: {
        product_id: w.productA,
        serial: w.checkedSerialA,
        hardware_fingerprint: w.clientFingerprints.update,
        nonce: 'matrix-nonce-0123456789',
      },
    }),
    expect: PUBLIC,
  },
  'GET /api/v1/clients/app/products/:id/revocations': {
    request: (w) => ({
      url: `/api/v1/clients/app/products/${w.productA}/revocations?hardware_fingerprint=MATRIX-CLIENT-UPDATE`,
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/clients/app/update-checks': {
    request: (w) => ({
      url: '/api/v1/clients/app/update-checks',
      payload: {
        product_id: w.productA,
        serial: w.checkedSerialA,
        hardware_fingerprint: w.clientFingerprints.update,
        current_version: '1.0',
        os: 'macOS',
      },
    }),
    expect: PUBLIC,
  },
  'GET /api/v1/clients/app/downloads/:fileId': { request: (w) => ({ url: w.downloadUrlA }), expect: PUBLIC },
  'POST /api/v1/clients/app/browser-activations': {
    request: (w) => ({
      url: '/api/v1/clients/app/browser-activations',
      payload: {
        product_id: w.productA,
        hardware_fingerprint: 'MATRIX-BROWSER-START',
        hardware_fingerprint_version: 2,
        signature_seed_version: 5,
        machine_name: 'Matrix Mac',
      },
    }),
    expect: { anonymous: 201, superuser: 201, staffA: 201, staffB: 201, customerA: 201, customerB: 201 },
  },
  'POST /api/v1/clients/app/browser-activations/poll': {
    request: (w) => ({
      url: '/api/v1/clients/app/browser-activations/poll',
      payload: {
        product_id: w.productA,
        device_code: w.browserActivation.approved.deviceCode,
        hardware_fingerprint: w.browserActivation.approved.fingerprint,
      },
    }),
    // The approved file is handed out once; after that the code is used up (answered like an unknown one).
    expect: { anonymous: 200, superuser: 404, staffA: 404, staffB: 404, customerA: 404, customerB: 404 },
  },
  'GET /api/v1/licenses/:id/machines': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}/machines` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/licenses/:id/machines/:machineId/deactivate': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}/machines/${w.machineA}/deactivate` }),
    expect: staffOnly(200),
  },

  // Licence policies: manufacturer staff of the product only, as for the product's other sub-resources.
  'GET /api/v1/products/:id/features': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/features` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/features': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/features`, payload: { key: 'matrix_new', label: 'New' } }),
    expect: staffOnly(201),
  },
  'PATCH /api/v1/products/:id/features/:featureId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/features/${w.featureA}`, payload: { label: 'Renamed' } }),
    expect: staffOnly(200),
  },
  'DELETE /api/v1/products/:id/features/:featureId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/features/${w.featuresToDeleteA.pop()}` }),
    expect: staffOnly(204),
  },
  'GET /api/v1/products/:id/editions': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/editions` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/editions': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/editions`,
      payload: { name: 'Matrix Standard', features: ['matrix_feature'] },
    }),
    expect: staffOnly(201),
  },
  'PATCH /api/v1/products/:id/editions/:editionId': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/editions/${w.editionA}`,
      payload: { name: 'Matrix Pro', features: [] },
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/v1/products/:id/editions/:editionId': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/editions/${w.editionsToDeleteA.pop()}` }),
    expect: staffOnly(204),
  },
  'GET /api/v1/products/:id/policies': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/policies` }),
    expect: staffOnly(200),
  },
  'PUT /api/v1/products/:id/policies/:licenseType': {
    request: (w) => ({
      url: `/api/v1/products/${w.productA}/policies/Free`,
      payload: {
        ...PLAIN_POLICY,
        term: 'time-limited',
        duration_days: 365,
        grace_days: 7,
        maintenance_months: 12,
        maintenance_from: 'purchase',
      },
    }),
    expect: staffOnly(200),
  },
  'DELETE /api/v1/products/:id/policies/:licenseType': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/policies/NFR` }),
    expect: staffOnly(204),
  },
  'GET /api/v1/products/:id/policies/:licenseType/apply-preview': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/policies/Standard/apply-preview` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/products/:id/policies/:licenseType/apply': {
    request: (w) => ({ url: `/api/v1/products/${w.productA}/policies/Standard/apply` }),
    expect: staffOnly(200),
  },
  'GET /api/v1/licenses/:id/terms': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}/terms` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/licenses/:id/edition': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}/edition`, payload: { edition_id: w.editionA } }),
    expect: staffOnly(200),
  },
  'POST /api/v1/licenses/:id/renew': {
    request: (w) => ({
      url: `/api/v1/licenses/${w.licenseA}/renew`,
      payload: { expires_at: '2099-01-01T00:00:00.000Z' },
    }),
    expect: staffOnly(200),
  },
  // Floating seats: the client calls are public (a plugin proves the licence by its serial); staff see and release.
  'POST /api/v1/clients/app/seats/checkouts': {
    request: (w) => ({
      url: '/api/v1/clients/app/seats/checkouts',
      payload: {
        product_id: w.floating.productId,
        serial: w.floating.serial,
        hardware_fingerprint: 'MATRIX-SEAT-CHECKOUT',
        machine_name: 'Matrix Mac',
      },
    }),
    // The same machine checking out again keeps its seat.
    expect: PUBLIC,
  },
  'POST /api/v1/clients/app/seats/borrows': {
    request: (w) => ({
      url: '/api/v1/clients/app/seats/borrows',
      payload: {
        product_id: w.floating.productId,
        serial: w.floating.serial,
        hardware_fingerprint: 'MATRIX-SEAT-BORROW',
        days: 1,
      },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/clients/app/seats/heartbeats': {
    request: (w) => ({
      url: '/api/v1/clients/app/seats/heartbeats',
      payload: {
        product_id: w.floating.productId,
        serial: w.floating.serial,
        hardware_fingerprint: 'MATRIX-SEAT-HEARTBEAT',
        lease_id: w.floating.leases.heartbeat,
      },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/clients/app/seats/checkins': {
    request: (w) => ({
      url: '/api/v1/clients/app/seats/checkins',
      payload: {
        product_id: w.floating.productId,
        serial: w.floating.serial,
        hardware_fingerprint: 'MATRIX-SEAT-CHECKIN',
        lease_id: w.floating.leases.checkin,
      },
    }),
    // The first call frees the seat; after that the lease is gone.
    expect: { anonymous: 200, superuser: 404, staffA: 404, staffB: 404, customerA: 404, customerB: 404 },
  },
  'GET /api/v1/licenses/:id/leases': {
    request: (w) => ({ url: `/api/v1/licenses/${w.floating.licenseId}/leases` }),
    expect: staffOnly(200),
  },
  'POST /api/v1/licenses/:id/leases/:leaseId/release': {
    request: (w) => ({ url: `/api/v1/licenses/${w.floating.licenseId}/leases/${w.floating.leases.release}/release` }),
    expect: staffOnly(200),
  },

  // Orders: a shop's key (orders:write) or the manufacturer's staff post them; the superuser reads and refunds
  // (support) but sells nothing for a manufacturer. Staff of B naming A's product: 400, the product is not B's.
  'POST /api/v1/orders': {
    request: (w) => ({
      url: '/api/v1/orders',
      headers: { 'idempotency-key': `matrix-post-${randomUUID()}` },
      payload: {
        buyer: { email: 'matrix.order@example.com', name: 'Matrix Order' },
        lines: [{ product_id: w.productA, license_type: 'Standard', quantity: 1 }],
        store: 'api',
      },
    }),
    expect: { anonymous: 401, superuser: 403, staffA: 201, staffB: 400, ...STAFF_ROUTE_FOR_CUSTOMERS },
  },
  'GET /api/v1/orders/:id': {
    request: (w) => ({ url: `/api/v1/orders/${w.orderA}` }),
    expect: ownOrSuperuser(200),
  },
  'POST /api/v1/orders/:id/refund': {
    request: (w) => ({
      url: `/api/v1/orders/${w.ordersToRefundA.pop()}/refund`,
      payload: { reason: 'CancelledOrder' },
    }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/manufacturers/:id/orders': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/orders` }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/manufacturers/:id/orders/export.csv': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/orders/export.csv` }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/licenses/:id/order': {
    request: (w) => ({ url: `/api/v1/licenses/${w.licenseA}/order` }),
    expect: staffOnly(200),
  },
  // Requiring two-factor sign-in: a manufacturer's (set to what it is, so later entries sign in as before) and the
  // platform's (the Super User's alone).
  'GET /api/v1/manufacturers/:id/two-factor-requirement': {
    request: (w) => ({ url: `/api/v1/manufacturers/${w.manufacturerA}/two-factor-requirement` }),
    expect: ownOrSuperuser(200),
  },
  'PUT /api/v1/manufacturers/:id/two-factor-requirement': {
    request: (w) => ({
      url: `/api/v1/manufacturers/${w.manufacturerA}/two-factor-requirement`,
      payload: { required: false },
    }),
    expect: ownOrSuperuser(200),
  },
  'GET /api/v1/platform/two-factor-requirement': {
    request: () => ({ url: '/api/v1/platform/two-factor-requirement' }),
    expect: { anonymous: 401, superuser: 200, staffA: 403, staffB: 403, ...STAFF_ROUTE_FOR_CUSTOMERS },
  },
  'PUT /api/v1/platform/two-factor-requirement': {
    request: () => ({ url: '/api/v1/platform/two-factor-requirement', payload: { required: false } }),
    expect: { anonymous: 401, superuser: 200, staffA: 403, staffB: 403, ...STAFF_ROUTE_FOR_CUSTOMERS },
  },
  // The enrolment at sign-in is public: each call takes an enrolment sign-in of its own. The set-up starts (200);
  // a wrong code is refused (400); a passkey answer to no challenge handed out finds it gone (409).
  'POST /api/v1/systemusers/login/enrolment/totp': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/enrolment/totp',
      payload: { pending_token: w.enrolment.pendingTokens.pop() },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/systemusers/login/enrolment/totp/confirm': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/enrolment/totp/confirm',
      payload: { pending_token: w.enrolment.pendingTokens.pop(), code: '123456' },
    }),
    expect: { anonymous: 400, superuser: 400, staffA: 400, staffB: 400, customerA: 400, customerB: 400 },
  },
  'POST /api/v1/systemusers/login/enrolment/passkey-options': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/enrolment/passkey-options',
      payload: { pending_token: w.enrolment.pendingTokens.pop() },
    }),
    expect: PUBLIC,
  },
  'POST /api/v1/systemusers/login/enrolment/passkey': {
    request: (w) => ({
      url: '/api/v1/systemusers/login/enrolment/passkey',
      payload: {
        pending_token: w.enrolment.pendingTokens.pop(),
        name: 'Matrix',
        response: UNKNOWN_PASSKEY_REGISTRATION,
      },
    }),
    expect: { anonymous: 409, superuser: 409, staffA: 409, staffB: 409, customerA: 409, customerB: 409 },
  },
};
