// Reseller serial batches (docs/selling.md, "Reseller batches"): serials made ahead of a sale, redeemed in the portal.
import { Type, type Static } from '@sinclair/typebox';
import { LicenseTypeSchema } from './licenses';
import { Id, NullableString, Text, Timestamp } from './common';

/** The most serials one batch holds (made in one statement). */
export const BATCH_SERIALS_MAX = 100_000;
/** The most serials one void request names (a longer list: void the whole batch, or send several requests). */
export const BATCH_VOID_SERIALS_MAX = 1000;
export const BATCH_RESELLER_MAX_LENGTH = 200;
export const BATCH_NOTE_MAX_LENGTH = 2000;
/** A serial as typed: room for spaces and dashes around the 23 characters of XXXXX-XXXXX-XXXXX-XXXXX. */
export const SERIAL_INPUT_MAX_LENGTH = 64;
export const BATCH_SERIAL_STATUSES = ['unsold', 'redeemed', 'voided'] as const;
export type BatchSerialStatus = (typeof BATCH_SERIAL_STATUSES)[number];

export const BatchParams = Type.Object({ id: Id, batchId: Id });
export type BatchParams = Static<typeof BatchParams>;

/** POST /products/{id}/batches */
export const CreateBatchBody = Type.Object(
  {
    license_type: LicenseTypeSchema,
    count: Type.Integer({ minimum: 1, maximum: BATCH_SERIALS_MAX }),
    reseller: Text({ minLength: 1, maxLength: BATCH_RESELLER_MAX_LENGTH }),
    note: Type.Optional(NullableString({ maxLength: BATCH_NOTE_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type CreateBatchBody = Static<typeof CreateBatchBody>;

/** A batch as its list and its page show it. */
export const Batch = Type.Object({
  id: Id,
  product_id: Id,
  license_type: LicenseTypeSchema,
  reseller: Text(),
  note: Type.Union([Text(), Type.Null()]),
  count: Type.Integer(),
  redeemed_count: Type.Integer(),
  voided_count: Type.Integer(),
  created_at: Timestamp,
});
export type Batch = Static<typeof Batch>;

export const BatchList = Type.Object({ data: Type.Array(Batch) });
export type BatchList = Static<typeof BatchList>;

/** POST /products/{id}/batches/{batchId}/void: the listed serials, or every unsold one when `serials` is left out. */
export const VoidBatchBody = Type.Object(
  {
    serials: Type.Optional(
      Type.Array(Text({ minLength: 1, maxLength: SERIAL_INPUT_MAX_LENGTH }), {
        minItems: 1,
        maxItems: BATCH_VOID_SERIALS_MAX,
      }),
    ),
  },
  { additionalProperties: false },
);
export type VoidBatchBody = Static<typeof VoidBatchBody>;

export const BatchVoided = Type.Object({ voided: Type.Integer(), batch: Batch });
export type BatchVoided = Static<typeof BatchVoided>;

/** POST /api/v1/portal/redeem */
export const PortalRedeemBody = Type.Object(
  { serial: Text({ minLength: 1, maxLength: SERIAL_INPUT_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type PortalRedeemBody = Static<typeof PortalRedeemBody>;

/** The licence a redeemed serial became. */
export const PortalRedeemed = Type.Object({
  license_id: Id,
  serial: Text(),
  license_type: LicenseTypeSchema,
  product: Type.Object({ id: Id, name: Text() }),
});
export type PortalRedeemed = Static<typeof PortalRedeemed>;

export const PortalRedeemTooMany = Type.Object({ message: Type.Array(Text()), retry_after: Type.Integer() });
