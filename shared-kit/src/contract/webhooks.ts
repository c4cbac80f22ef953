import { Type, type Static } from '@sinclair/typebox';
import { Id, Paged, PageQuery, Text, Timestamp, Timestamps } from './common';

/** Every event type an endpoint can subscribe to (docs/webhooks.md says which audit action emits each). */
export const WEBHOOK_EVENT_TYPES = [
  'license.created',
  'license.disabled',
  'license.enabled',
  'license.transferred',
  'license.activated',
  'machine.deactivated',
  'trial.started',
  'end_user.created',
  'end_user.updated',
  'release.distributed',
  'release.withdrawn',
  'import.applied',
  'license_policy.updated',
  'license_policy.applied',
  'license.edition_changed',
  'license.renewed',
  'seat.checked_out',
  'seat.checked_in',
  'seat.released',
  'order.created',
  'order.refunded',
  'batch.created',
  'batch.voided',
  'batch_serial.redeemed',
  'staff.invited',
  'staff.joined',
  'staff.invite_withdrawn',
  'staff.role_changed',
  'staff.disabled',
  'staff.enabled',
  'staff.removed',
  'staff.sessions_ended',
  'staff.two_factor_reset',
  'manufacturer.two_factor_requirement_updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" delivers to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WebhookEndpointParams = Type.Object({ id: Id, endpointId: Id });
export const WebhookDeliveryParams = Type.Object({ id: Id, endpointId: Id, deliveryId: Id });

const EventTypes = Type.Array(Type.Union(WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type))), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
});
const Url = Text({ minLength: 1, maxLength: 2000 });

export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  manufacturer_id: Type.Integer(),
  url: Text(),
  event_types: Type.Array(Text()),
  enabled: Type.Boolean(),
  ...Timestamps,
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
/** The create answer: the only time the signing secret is shown. */
export const CreatedWebhookEndpoint = Type.Intersect([WebhookEndpoint, Type.Object({ secret: Text() })]);
export type CreatedWebhookEndpoint = Static<typeof CreatedWebhookEndpoint>;
export const WebhookEndpointList = Type.Object({ data: Type.Array(WebhookEndpoint) });

export const CreateWebhookEndpointBody = Type.Object(
  { url: Url, event_types: EventTypes, enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type CreateWebhookEndpointBody = Static<typeof CreateWebhookEndpointBody>;
export const UpdateWebhookEndpointBody = Type.Object(
  { url: Type.Optional(Url), event_types: Type.Optional(EventTypes), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

export const WebhookDeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  endpoint_id: Type.Integer(),
  message_id: Text(),
  event_type: Text(),
  payload: Text({ description: 'The JSON body signed and sent on every attempt, byte for byte' }),
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  response_code: Type.Union([Type.Integer(), Type.Null()]),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Text(), Type.Null()]),
  last_attempt_at: Type.Union([Timestamp, Type.Null()]),
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryList = Paged(WebhookDelivery);
export const WebhookDeliveryQuery = PageQuery;
