import type {
  CreateOrderBody,
  DisableReason,
  LicenseType,
  Order,
  OrderStatus,
  OrderSummary,
} from 'shared-kit/contract';
import { apiTimestamp } from '../db/api-timestamps';

/** An order as understood: text trimmed, the email's case folded, absent and null the same. */
export interface OrderInput {
  buyer: { email: string; name: string; external_id: string | null };
  lines: { product_id: number; license_type: CreateOrderBody['lines'][number]['license_type']; quantity: number }[];
  store: string;
  external_order_id: string | null;
  amount: number | null;
  currency: string | null;
}

/** An order row as the queries read it. */
export interface OrderRow {
  id: number;
  manufacturer_id: number;
  store: string;
  external_order_id: string | null;
  buyer_user_id: number | null;
  buyer_email: string;
  buyer_name: string;
  buyer_external_id: string | null;
  amount: string | number | null;
  currency: string | null;
  status: string;
  refund_reason: string | null;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const ORDER_COLUMNS = [
  'o.id',
  'o.manufacturer_id',
  'o.store',
  'o.external_order_id',
  'o.buyer_user_id',
  'o.buyer_email',
  'o.buyer_name',
  'o.buyer_external_id',
  'o.amount',
  'o.currency',
  'o.status',
  'o.refund_reason',
  'o.refunded_at',
  'o.created_at',
  'o.updated_at',
] as const;

/** The fields every order answer shares, from its row. */
export function orderFieldsOf(row: OrderRow) {
  return {
    id: row.id,
    manufacturer_id: row.manufacturer_id,
    store: row.store,
    external_order_id: row.external_order_id,
    status: row.status as OrderStatus,
    buyer: {
      user_id: row.buyer_user_id,
      email: row.buyer_email,
      name: row.buyer_name,
      external_id: row.buyer_external_id,
    },
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    refund_reason: row.refund_reason as DisableReason | null,
    refunded_at: row.refunded_at === null ? null : apiTimestamp(row.refunded_at),
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

export const toOrderSummary = (row: OrderRow & { license_count: string | number }): OrderSummary => ({
  ...orderFieldsOf(row),
  license_count: Number(row.license_count),
});

export function toOrder(
  row: OrderRow,
  lines: { id: number; product_id: number; product_name: string; license_type: string; quantity: number }[],
  licenses: {
    id: number;
    serial: string;
    product_id: number;
    license_type: string;
    disabled: boolean;
    disabled_reason: string | null;
  }[],
): Order {
  return {
    ...orderFieldsOf(row),
    lines: lines.map((line) => ({ ...line, license_type: line.license_type as LicenseType })),
    licenses: licenses.map((license) => ({
      ...license,
      license_type: license.license_type as LicenseType,
      disabled_reason: license.disabled_reason as DisableReason | null,
    })),
  };
}

/** What History keeps of an order (`order.create`, `order.refund`): the fields a person checks, not the serials. */
export const auditedOrder = (order: Order) => ({
  store: order.store,
  external_order_id: order.external_order_id,
  buyer_email: order.buyer.email,
  amount: order.amount,
  currency: order.currency,
  status: order.status,
  license_ids: order.licenses.map((license) => license.id),
});
