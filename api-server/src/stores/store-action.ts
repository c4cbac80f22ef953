import type { DisableReason } from 'shared-kit/contract';

/** A price the event sold, and how many of it. */
export interface SoldPrice {
  priceId: string;
  quantity: number;
}

/** What a verified store event asks of ProductHub, the store's words translated (stripe-events.ts, paddle-events.ts). */
export type StoreAction =
  | {
      kind: 'order';
      /** The store's id of the sale, which its refunds name (a Stripe payment intent, a Paddle transaction). */
      externalOrderId: string;
      buyer: { email: string | null; name: string | null } | { customerId: string };
      prices: SoldPrice[];
      amount: number | null;
      currency: string | null;
    }
  | { kind: 'refund'; externalOrderId: string; reason: DisableReason }
  | { kind: 'customer'; customerId: string; email: string; name: string | null }
  | { kind: 'ignore'; message: string };

/** A verified event: its id (a redelivery has the same), its type, and what it asks. */
export interface VerifiedEvent {
  id: string;
  type: string;
  action: StoreAction;
}

/** Why an event was refused before anything was read from it: a 400 with this plain message. */
export class EventRefused extends Error {}
