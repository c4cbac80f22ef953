import {
  END_USER_EMAIL_MAX_LENGTH,
  ORDER_LINE_MAX_QUANTITY,
  ORDER_MAX_LINES,
  ORDER_TEXT_MAX_LENGTH,
  type CreateOrderBody,
  type LicenseType,
  type StoreName,
} from 'shared-kit/contract';
import type { SoldPrice } from './store-action';

export const STORE_LABELS: Record<StoreName, string> = { stripe: 'Stripe', paddle: 'Paddle' };

export interface PriceMapping {
  store_price_id: string;
  product_id: number;
  license_type: string;
}

export interface OrderFacts {
  store: StoreName;
  externalOrderId: string;
  email: string | null;
  name: string | null;
  prices: SoldPrice[];
  amount: number | null;
  currency: string | null;
}

/** The order a store sale makes, or why it cannot make one (the event is flagged `unmapped` with that sentence). */
export type StoreOrder = { body: CreateOrderBody } | { flagged: string };

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Translates a sale into an order body through the manufacturer's mapping: every price must be mapped, or none is sold. */
export function storeOrderOf(facts: OrderFacts, mappings: PriceMapping[]): StoreOrder {
  const label = STORE_LABELS[facts.store];
  const email = facts.email?.trim() ?? '';
  if (!EMAIL.test(email) || email.length > END_USER_EMAIL_MAX_LENGTH)
    return { flagged: `The ${label} event names no valid buyer email.` };
  if (facts.prices.length === 0)
    return { flagged: `The ${label} event names no price: see docs/selling.md for what the store must send.` };
  const byPrice = new Map(mappings.map((mapping) => [mapping.store_price_id, mapping]));
  const unmapped = [...new Set(facts.prices.map((price) => price.priceId))].filter((id) => !byPrice.has(id));
  if (unmapped.length)
    return {
      flagged: `No mapping for the ${label} price ${unmapped.map((id) => `"${id || '(none)'}"`).join(', ')}: add it on the Stores page, then resend the event.`,
    };

  const lines = new Map<string, CreateOrderBody['lines'][number]>();
  for (const price of facts.prices) {
    const mapping = byPrice.get(price.priceId)!;
    const key = `${mapping.product_id}:${mapping.license_type}`;
    const line = lines.get(key) ?? {
      product_id: mapping.product_id,
      license_type: mapping.license_type as LicenseType,
      quantity: 0,
    };
    line.quantity += price.quantity;
    lines.set(key, line);
  }
  const body = [...lines.values()];
  const badQuantity = body.find(
    (line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > ORDER_LINE_MAX_QUANTITY,
  );
  if (badQuantity)
    return { flagged: `A line of the ${label} event asks for ${badQuantity.quantity} licences: 1 to 1000 are sold.` };
  if (body.length > ORDER_MAX_LINES) return { flagged: `The ${label} event has more than ${ORDER_MAX_LINES} lines.` };

  const paid = facts.amount !== null && Number.isSafeInteger(facts.amount) && facts.amount >= 0;
  const currency = facts.currency?.toUpperCase() ?? '';
  return {
    body: {
      buyer: { email, name: (facts.name?.trim() || email).slice(0, ORDER_TEXT_MAX_LENGTH) },
      lines: body,
      store: facts.store,
      external_order_id: facts.externalOrderId.slice(0, ORDER_TEXT_MAX_LENGTH),
      ...(paid && /^[A-Z]{3}$/.test(currency) ? { amount: facts.amount!, currency } : {}),
    },
  };
}
