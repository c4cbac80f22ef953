// Owned by the orders area: the order API (docs/selling.md, "Orders"), served to a shop's API key and to staff.
import { Type, type Static } from '@sinclair/typebox';
import { Id, ListQuery, Paged, Text, Timestamp, Timestamps } from './common';
import { DisableReasonSchema, LicenseTypeSchema } from './licenses';
import { END_USER_EMAIL_MAX_LENGTH, END_USER_EXTERNAL_ID_MAX_LENGTH } from './users';

/** Licences one order line may ask for. */
export const ORDER_LINE_MAX_QUANTITY = 1000;
/** Lines one order may hold. */
export const ORDER_MAX_LINES = 50;
export const ORDER_TEXT_MAX_LENGTH = 200;
/** The header that makes a create safe to retry, and its shape: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
export const ORDER_STATUSES = ['completed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderBuyer = Type.Object(
  {
    email: Text({ format: 'email', maxLength: END_USER_EMAIL_MAX_LENGTH }),
    name: Text({ minLength: 1, maxLength: ORDER_TEXT_MAX_LENGTH }),
    external_id: Type.Optional(Type.Union([Text({ maxLength: END_USER_EXTERNAL_ID_MAX_LENGTH }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const OrderLineBody = Type.Object(
  {
    product_id: Id,
    license_type: LicenseTypeSchema,
    quantity: Type.Integer({ minimum: 1, maximum: ORDER_LINE_MAX_QUANTITY }),
  },
  { additionalProperties: false },
);

/**
 * POST /orders. `amount` is in the currency's minor units (1999 is 19.99 EUR), an integer as the stores send it;
 * `currency` is an ISO 4217 code in capitals, and comes with an amount.
 */
export const CreateOrderBody = Type.Object(
  {
    buyer: OrderBuyer,
    lines: Type.Array(OrderLineBody, { minItems: 1, maxItems: ORDER_MAX_LINES }),
    store: Text({ pattern: '^[a-z][a-z0-9_-]{0,39}$', description: 'Where the sale happened: api, stripe, paddle…' }),
    external_order_id: Type.Optional(
      Type.Union([Text({ minLength: 1, maxLength: ORDER_TEXT_MAX_LENGTH }), Type.Null()]),
    ),
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    currency: Type.Optional(Text({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/** POST /orders/{id}/refund: the reason every licence of the order is disabled with. */
export const RefundOrderBody = Type.Object({ reason: DisableReasonSchema }, { additionalProperties: false });
export type RefundOrderBody = Static<typeof RefundOrderBody>;

export const OrderStatusSchema = Type.Union(ORDER_STATUSES.map((status) => Type.Literal(status)));

export const OrderLicense = Type.Object({
  id: Id,
  serial: Text(),
  product_id: Id,
  license_type: LicenseTypeSchema,
  disabled: Type.Boolean(),
  disabled_reason: Type.Union([DisableReasonSchema, Type.Null()]),
});
export type OrderLicense = Static<typeof OrderLicense>;

export const OrderLine = Type.Object({
  id: Id,
  product_id: Id,
  product_name: Text(),
  license_type: LicenseTypeSchema,
  quantity: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLine>;

const OrderFields = {
  id: Id,
  manufacturer_id: Id,
  store: Text(),
  external_order_id: Type.Union([Text(), Type.Null()]),
  status: OrderStatusSchema,
  buyer: Type.Object({
    user_id: Type.Union([Id, Type.Null()]),
    email: Text(),
    name: Text(),
    external_id: Type.Union([Text(), Type.Null()]),
  }),
  amount: Type.Union([Type.Integer(), Type.Null()]),
  currency: Type.Union([Text(), Type.Null()]),
  refund_reason: Type.Union([DisableReasonSchema, Type.Null()]),
  refunded_at: Type.Union([Timestamp, Type.Null()]),
  ...Timestamps,
};

/** An order with its lines and licences: the create answer (with the serials), GET /orders/{id}, the refund answer. */
export const Order = Type.Object({ ...OrderFields, lines: Type.Array(OrderLine), licenses: Type.Array(OrderLicense) });
export type Order = Static<typeof Order>;

/** A row of a manufacturer's order list. */
export const OrderSummary = Type.Object({ ...OrderFields, license_count: Type.Integer() });
export type OrderSummary = Static<typeof OrderSummary>;
export const OrderList = Paged(OrderSummary);
export type OrderList = Static<typeof OrderList>;

/** `search` finds orders whose buyer email or external order id contains the text, case-insensitively. */
export const OrderListQuery = ListQuery({ search: Type.Optional(Text({ maxLength: END_USER_EMAIL_MAX_LENGTH })) });
export type OrderListQuery = Static<typeof OrderListQuery>;
export const OrderExportQuery = Type.Object({ search: Type.Optional(Text({ maxLength: END_USER_EMAIL_MAX_LENGTH })) });
export type OrderExportQuery = Static<typeof OrderExportQuery>;

/** GET /licenses/{id}/order: the order a licence came from, if any. */
export const LicenseOrder = Type.Object({ order: Type.Union([OrderSummary, Type.Null()]) });
export type LicenseOrder = Static<typeof LicenseOrder>;
