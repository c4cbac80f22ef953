import type { Generated } from 'kysely';
import type { Db } from '../../db/database';

/** Migration 0080's tables, typed here so the shared schema file stays untouched by this area. */
export type OrderTables = {
  orders: {
    id: Generated<number>;
    manufacturer_id: number;
    idempotency_key: string;
    /** SHA-256 of the request as understood (orders/order-rules.ts `requestHash`). */
    request_hash: Buffer;
    store: string;
    external_order_id: string | null;
    buyer_user_id: number | null;
    buyer_email: string;
    buyer_name: string;
    buyer_external_id: string | null;
    /** bigint: the driver reads it as text. */
    amount: string | number | null;
    currency: string | null;
    status: Generated<string>;
    refund_reason: string | null;
    refunded_at: Date | null;
    /** The create answer as first given: a retry with the same key gets it again. */
    answer: unknown;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    product_id: number;
    license_type: string;
    quantity: number;
  };
  order_licenses: {
    license_id: number;
    order_id: number;
    order_line_id: number;
  };
};

export const orderDb = (db: Db) => db.withTables<OrderTables>();
export type OrderDb = ReturnType<typeof orderDb>;
