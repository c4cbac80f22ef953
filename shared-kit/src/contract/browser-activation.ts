// Owned by browser activation: a plugin asks for an activation request (a short code and a portal address, like
// OAuth's device flow, RFC 8628), the customer approves it in the portal with one of their licences, and the plugin
// polls until it receives the signed licence file. docs/client-api.md and docs/client-integration.md describe it.
import { Type, type Static } from '@sinclair/typebox';
import { ClientActivateBody } from './clients';
import { Id, Text, Timestamp } from './common';
import { LicenseTypeSchema } from './licenses';
import { USER_CODE_INPUT_PATTERN } from './user-code';

export * from './user-code';

/**
 * What a plugin sends to start: the activation's body without a serial (the customer picks the licence), with the
 * licence file version the poll is to deliver.
 */
export const BrowserActivationStartBody = Type.Omit(ClientActivateBody, ['serial'], { additionalProperties: false });
export type BrowserActivationStartBody = Static<typeof BrowserActivationStartBody>;

/** RFC 8628's device authorization response (§3.2). */
export const BrowserActivationStarted = Type.Object({
  device_code: Text({ description: 'The secret the plugin polls with; never shown' }),
  user_code: Text({ description: 'XXXX-XXXX, shown to the customer' }),
  verification_uri: Text({ description: "The portal's activation page" }),
  verification_uri_complete: Text({ description: 'The same page with the code filled in' }),
  expires_in: Type.Integer({ minimum: 1 }),
  interval: Type.Integer({ minimum: 1 }),
});
export type BrowserActivationStarted = Static<typeof BrowserActivationStarted>;

export const DEVICE_CODE_MAX_LENGTH = 128;
const { product_id, hardware_fingerprint } = ClientActivateBody.properties;
export const BrowserActivationPollBody = Type.Object(
  { product_id, device_code: Text({ minLength: 1, maxLength: DEVICE_CODE_MAX_LENGTH }), hardware_fingerprint },
  { additionalProperties: false },
);
export type BrowserActivationPollBody = Static<typeof BrowserActivationPollBody>;

export const BROWSER_ACTIVATION_POLL_ERRORS = [
  'authorization_pending',
  'slow_down',
  'expired_token',
  'access_denied',
] as const;
export type BrowserActivationPollError = (typeof BROWSER_ACTIVATION_POLL_ERRORS)[number];

/** 400 of a poll that has no licence file (yet): the client API's error shape plus RFC 8628's `error` and the interval. */
export const BrowserActivationPending = Type.Object({
  message: Type.Array(Text()),
  error: Type.Union(BROWSER_ACTIVATION_POLL_ERRORS.map((name) => Type.Literal(name))),
  interval: Type.Integer({ minimum: 1, description: 'Seconds to wait before the next poll' }),
});
export type BrowserActivationPending = Static<typeof BrowserActivationPending>;

// The portal's side: the signed-in customer looks a request up by its user code, then approves it with a licence
// or denies it.

export const PortalBrowserActivationParams = Type.Object({
  userCode: Text({ pattern: USER_CODE_INPUT_PATTERN, description: 'XXXX-XXXX (case and hyphen do not matter)' }),
});
export type PortalBrowserActivationParams = Static<typeof PortalBrowserActivationParams>;

export const BrowserActivationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('denied'),
]);
export type BrowserActivationStatus = Static<typeof BrowserActivationStatus>;

/** One of the customer's licences of the product that can take this machine. */
export const PortalBrowserActivationLicense = Type.Object({
  id: Id,
  serial: Text(),
  license_type: LicenseTypeSchema,
  active_machines: Type.Integer({ minimum: 0 }),
  machine_limit: Type.Integer({ minimum: 1 }),
  /** The machine is already activated on this licence: approving takes no new slot. */
  holds_this_machine: Type.Boolean(),
});
export type PortalBrowserActivationLicense = Static<typeof PortalBrowserActivationLicense>;

export const PortalBrowserActivation = Type.Object({
  user_code: Text(),
  status: BrowserActivationStatus,
  product: Type.Object({ id: Id, name: Text() }),
  machine_name: Type.Union([Text(), Type.Null()]),
  hardware_fingerprint: Text(),
  expires_at: Timestamp,
  licenses: Type.Array(PortalBrowserActivationLicense),
});
export type PortalBrowserActivation = Static<typeof PortalBrowserActivation>;

export const PortalBrowserActivationApproveBody = Type.Object({ license_id: Id }, { additionalProperties: false });
export type PortalBrowserActivationApproveBody = Static<typeof PortalBrowserActivationApproveBody>;

/** What an approval or a denial answers: the request as it now stands. */
export const PortalBrowserActivationDecided = Type.Object({
  user_code: Text(),
  status: BrowserActivationStatus,
  product: Type.Object({ id: Id, name: Text() }),
});
export type PortalBrowserActivationDecided = Static<typeof PortalBrowserActivationDecided>;

/** 429 of a look-up over the session's or the address's limit. */
export const PortalBrowserActivationTooMany = Type.Object({
  message: Type.Array(Text()),
  retry_after: Type.Integer({ minimum: 1 }),
});
