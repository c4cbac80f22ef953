// Owned by the stores area: Stripe and Paddle selling through ProductHub (docs/selling.md, "Stripe", "Paddle").
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';
import { LicenseTypeSchema } from './licenses';

export const STORES = ['stripe', 'paddle'] as const;
export type StoreName = (typeof STORES)[number];
export const StoreNameSchema = Type.Union(STORES.map((store) => Type.Literal(store)));

/** What a received store event did: an order made, an order refunded, nothing to do, or flagged for the vendor. */
export const STORE_EVENT_OUTCOMES = ['created', 'refunded', 'ignored', 'unmapped'] as const;
export type StoreEventOutcome = (typeof STORE_EVENT_OUTCOMES)[number];
export const StoreEventOutcomeSchema = Type.Union(STORE_EVENT_OUTCOMES.map((outcome) => Type.Literal(outcome)));

export const STORE_SECRET_MIN_LENGTH = 8;
export const STORE_SECRET_MAX_LENGTH = 200;
export const STORE_PRICE_ID_MAX_LENGTH = 200;
/** A store's price or product id: `price_1Mo…` (Stripe), `pri_01h…` (Paddle). */
export const STORE_PRICE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.:-]*$';
/** Mapping rows one manufacturer may hold per store. */
export const STORE_MAPPINGS_PER_STORE = 500;
/** Received events the settings answer lists, newest first. */
export const STORE_EVENTS_SHOWN = 20;
/** The last characters of a signing secret the console shows, so a vendor recognises which one is set. */
export const STORE_SECRET_HINT_LENGTH = 4;

export const StoreParams = Type.Object({ id: Id, store: StoreNameSchema });
export const StoreMappingParams = Type.Object({ id: Id, store: StoreNameSchema, mappingId: Id });

export const StoreMapping = Type.Object({
  id: Id,
  store_price_id: Text(),
  product_id: Id,
  product_name: Text(),
  license_type: LicenseTypeSchema,
  created_at: Timestamp,
});
export type StoreMapping = Static<typeof StoreMapping>;

export const StoreEvent = Type.Object({
  id: Id,
  event_id: Text(),
  event_type: Text(),
  outcome: StoreEventOutcomeSchema,
  order_id: Type.Union([Id, Type.Null()]),
  message: Type.Union([Text(), Type.Null()]),
  received_at: Timestamp,
});
export type StoreEvent = Static<typeof StoreEvent>;

/** GET /manufacturers/{id}/stores/{store}: the secret is never shown, only whether one is set and its last 4. */
export const StoreSettings = Type.Object({
  store: StoreNameSchema,
  /** The path (under the server's address) to paste into the store's webhook settings. */
  webhook_path: Text(),
  secret: Type.Object({
    set: Type.Boolean(),
    hint: Type.Union([Text(), Type.Null()]),
    updated_at: Type.Union([Timestamp, Type.Null()]),
  }),
  mappings: Type.Array(StoreMapping),
  events: Type.Array(StoreEvent),
});
export type StoreSettings = Static<typeof StoreSettings>;

/** PUT /manufacturers/{id}/stores/{store}/secret: the store's webhook signing secret, replacing any set before. */
export const SetStoreSecretBody = Type.Object(
  {
    secret: Text({
      minLength: STORE_SECRET_MIN_LENGTH,
      maxLength: STORE_SECRET_MAX_LENGTH,
      pattern: '^[\\x21-\\x7e]+$',
    }),
  },
  { additionalProperties: false },
);
export type SetStoreSecretBody = Static<typeof SetStoreSecretBody>;

/** POST /manufacturers/{id}/stores/{store}/mappings: a store price id sells this product's licence type. */
export const CreateStoreMappingBody = Type.Object(
  {
    store_price_id: Text({ minLength: 1, maxLength: STORE_PRICE_ID_MAX_LENGTH, pattern: STORE_PRICE_ID_PATTERN }),
    product_id: Id,
    license_type: LicenseTypeSchema,
  },
  { additionalProperties: false },
);
export type CreateStoreMappingBody = Static<typeof CreateStoreMappingBody>;
/** An edit of a mapping: the same members as adding it, all of them (the price id too may change). */
export const UpdateStoreMappingBody = CreateStoreMappingBody;
export type UpdateStoreMappingBody = CreateStoreMappingBody;

/** The public webhook routes' path: the manufacturer by its portal slug or its id. */
export const StoreEventParams = Type.Object({ manufacturer: Text({ minLength: 1, maxLength: 100 }) });

/** What a store's webhook delivery is answered: 200, or 202 when the event was flagged (`unmapped`). */
export const StoreEventAnswer = Type.Object({
  event_id: Text(),
  outcome: StoreEventOutcomeSchema,
  order_id: Type.Union([Id, Type.Null()]),
  message: Type.Union([Text(), Type.Null()]),
});
export type StoreEventAnswer = Static<typeof StoreEventAnswer>;
