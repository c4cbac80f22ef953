import type { Generated } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderTables } from '../../orders/queries/order-tables';

/** Migration 0130's tables, typed here so the shared schema file stays untouched by this area. */
export type StoreTables = OrderTables & {
  store_secrets: {
    manufacturer_id: number;
    store: string;
    secret_encrypted: string;
    secret_hint: string;
    updated_at: Generated<Date>;
  };
  store_mappings: {
    id: Generated<number>;
    manufacturer_id: number;
    store: string;
    store_price_id: string;
    product_id: number;
    license_type: string;
    created_at: Generated<Date>;
  };
  store_events: {
    id: Generated<number>;
    manufacturer_id: number;
    store: string;
    event_id: string;
    event_type: string;
    /** `processing` while the delivery that claimed the event works on it; then its outcome. */
    outcome: string;
    order_id: number | null;
    message: string | null;
    received_at: Generated<Date>;
  };
  store_customers: {
    manufacturer_id: number;
    store: string;
    customer_id: string;
    email: string;
    name: string | null;
    updated_at: Generated<Date>;
  };
};

export const storeDb = (db: Db) => db.withTables<StoreTables>();
