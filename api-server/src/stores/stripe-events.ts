import Stripe from 'stripe';
import { EventRefused, type SoldPrice, type StoreAction, type VerifiedEvent } from './store-action';

// The SDK is used only to verify and parse: no call ever goes to Stripe, so its API key is never used.
const stripe = new Stripe('sk_unused_producthub_verifies_webhooks_only');

/** Stripe's own replay window for a signature's timestamp, in seconds (its `constructEvent` default). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** The Checkout Session metadata key naming the prices it sold when the event carries no line items. */
export const STRIPE_PRICES_METADATA = 'producthub_prices';

export const STRIPE_SIGNATURE_REFUSED =
  'The Stripe-Signature does not verify with the signing secret set for Stripe, or its timestamp is too old.';

export const STRIPE_NOT_AN_EVENT = 'The body is not a Stripe event of the shape Stripe documents.';

/** Verifies a delivery with Stripe's SDK (signature, body unchanged, timestamp within 300 s) and reads what it asks. */
export function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string): VerifiedEvent {
  if (!signature) throw new EventRefused('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new EventRefused(STRIPE_SIGNATURE_REFUSED);
    throw new EventRefused(STRIPE_NOT_AN_EVENT);
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object')
    throw new EventRefused(STRIPE_NOT_AN_EVENT);
  return { id: event.id, type: event.type, action: stripeAction(event) };
}

function stripeAction(event: Stripe.Event): StoreAction {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(event.data.object);
    case 'charge.refunded': {
      const charge = event.data.object;
      if (!charge.refunded) return { kind: 'ignore', message: 'A partial refund: the licences stay enabled.' };
      const paymentIntent = idOf(charge.payment_intent);
      if (!paymentIntent) return { kind: 'ignore', message: 'The charge names no payment intent.' };
      return { kind: 'refund', externalOrderId: paymentIntent, reason: 'CancelledOrder' };
    }
    case 'charge.dispute.created': {
      const paymentIntent = idOf(event.data.object.payment_intent);
      if (!paymentIntent) return { kind: 'ignore', message: 'The dispute names no payment intent.' };
      return { kind: 'refund', externalOrderId: paymentIntent, reason: 'FraudulentUse' };
    }
    default:
      return { kind: 'ignore', message: `ProductHub does not act on ${event.type} events.` };
  }
}

function checkoutCompleted(session: Stripe.Checkout.Session): StoreAction {
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
    return { kind: 'ignore', message: 'The checkout is not paid yet: no licence until it is.' };
  return {
    kind: 'order',
    externalOrderId: idOf(session.payment_intent) ?? session.id,
    buyer: { email: session.customer_details?.email ?? null, name: session.customer_details?.name ?? null },
    prices: soldPrices(session),
    amount: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
}

/**
 * The line items when the event carries them (expanded), else the session's `producthub_prices` metadata: price
 * ids separated by commas, each optionally `price_…*2` for a quantity. A checkout event carries no line items by
 * default, and ProductHub never calls Stripe to fetch them.
 */
function soldPrices(session: Stripe.Checkout.Session): SoldPrice[] {
  const items = session.line_items?.data;
  if (Array.isArray(items) && items.length > 0)
    return items.map((item) => ({ priceId: item.price?.id ?? '', quantity: item.quantity ?? 1 }));
  const listed = session.metadata?.[STRIPE_PRICES_METADATA];
  if (typeof listed !== 'string') return [];
  return listed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [priceId, quantity] = part.split('*');
      return { priceId: priceId!.trim(), quantity: quantity === undefined ? 1 : Number(quantity) };
    });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value;
  return typeof value?.id === 'string' ? value.id : null;
}
