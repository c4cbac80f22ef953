import { EventName, Paddle, type EventEntity } from '@paddle/paddle-node-sdk';
import { EventRefused, type StoreAction, type VerifiedEvent } from './store-action';

// The SDK is used only to verify and parse: no call ever goes to Paddle, so its API key is never used.
const paddle = new Paddle('pdl_unused_producthub_verifies_webhooks_only');

/** The Paddle SDK's replay window: a signature's `ts` more than 5 s old is refused (WebhooksValidator). */
export const PADDLE_TOLERANCE_SECONDS = 5;

export const PADDLE_SIGNATURE_REFUSED =
  'The Paddle-Signature does not verify with the signing secret set for Paddle, or its timestamp is too old.';

export const PADDLE_NOT_AN_EVENT = 'The body is not a Paddle event of the shape Paddle documents.';

/** Verifies a delivery with Paddle's SDK (`ts:body` HMAC, timestamp within 5 s) and reads what it asks. */
export async function verifyPaddleEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Promise<VerifiedEvent> {
  if (!signature) throw new EventRefused('The Paddle-Signature header is missing.');
  let event: EventEntity | null;
  try {
    event = await paddle.webhooks.unmarshal(rawBody, secret, signature);
  } catch (error) {
    // The SDK's own words tell a signature refused from a body that is not JSON or not a Paddle event.
    if (error instanceof Error && /signature/i.test(error.message)) throw new EventRefused(PADDLE_SIGNATURE_REFUSED);
    throw new EventRefused(PADDLE_NOT_AN_EVENT);
  }
  if (!event || typeof event.eventId !== 'string' || typeof event.eventType !== 'string')
    throw new EventRefused(PADDLE_NOT_AN_EVENT);
  return { id: event.eventId, type: event.eventType, action: paddleAction(event) };
}

function paddleAction(event: EventEntity): StoreAction {
  switch (event.eventType) {
    case EventName.TransactionCompleted: {
      const transaction = event.data;
      const email = transaction.customData?.email;
      return {
        kind: 'order',
        externalOrderId: transaction.id,
        buyer:
          typeof email === 'string'
            ? { email, name: typeof transaction.customData?.name === 'string' ? transaction.customData.name : null }
            : { customerId: transaction.customerId ?? '' },
        prices: transaction.items.map((item) => ({ priceId: item.price?.id ?? '', quantity: item.quantity })),
        amount: amountOf(transaction.details?.totals?.grandTotal),
        currency: transaction.currencyCode ?? null,
      };
    }
    case EventName.AdjustmentCreated:
    case EventName.AdjustmentUpdated: {
      const adjustment = event.data;
      if (adjustment.action !== 'refund' && adjustment.action !== 'chargeback')
        return { kind: 'ignore', message: `ProductHub does not act on ${adjustment.action} adjustments.` };
      if (adjustment.status !== 'approved')
        return { kind: 'ignore', message: `The ${adjustment.action} is ${adjustment.status}: nothing changes yet.` };
      if (adjustment.type !== 'full')
        return { kind: 'ignore', message: 'A partial refund: the licences stay enabled.' };
      return {
        kind: 'refund',
        externalOrderId: adjustment.transactionId,
        reason: adjustment.action === 'refund' ? 'CancelledOrder' : 'FraudulentUse',
      };
    }
    case EventName.CustomerCreated:
    case EventName.CustomerUpdated:
      return { kind: 'customer', customerId: event.data.id, email: event.data.email, name: event.data.name };
    default:
      return { kind: 'ignore', message: `ProductHub does not act on ${event.eventType} events.` };
  }
}

/** Paddle's amounts are strings of the currency's minor units ("2999"). */
function amountOf(total: string | undefined): number | null {
  if (total === undefined || !/^\d{1,15}$/.test(total)) return null;
  return Number(total);
}
