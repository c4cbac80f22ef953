// Owned by the offline area: offline activation in the customer portal. The customer uploads the request file a
// plugin wrote on a machine that is never online (format in signed-formats, docs/client-integration.md) and gets
// the signed licence file (`.ops`) to carry back.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text } from './common';

/** The largest request text the route takes; the request reader refuses anything over 4096 bytes with its own words. */
export const PORTAL_OFFLINE_REQUEST_MAX_LENGTH = 16384;

export const PortalOfflineActivationParams = Type.Object({ licenseId: Id });
export type PortalOfflineActivationParams = Static<typeof PortalOfflineActivationParams>;

/** The request file's text, as read from the file the customer chose. */
export const PortalOfflineActivationBody = Type.Object(
  { request: Text({ maxLength: PORTAL_OFFLINE_REQUEST_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type PortalOfflineActivationBody = Static<typeof PortalOfflineActivationBody>;

/** 429 of an upload over the session's or the address's limit: the words, and the seconds to wait (as Retry-After). */
export const PortalOfflineActivationTooMany = Type.Object({
  message: Type.Array(Text()),
  retry_after: Type.Integer({ minimum: 1 }),
});
export type PortalOfflineActivationTooMany = Static<typeof PortalOfflineActivationTooMany>;
