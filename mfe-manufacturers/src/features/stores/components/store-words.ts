import type { StoreEventOutcome, StoreName } from 'shared-kit';

export const STORE_NAMES: readonly StoreName[] = ['stripe', 'paddle'];

export const STORE_LABELS: Record<StoreName, string> = { stripe: 'Stripe', paddle: 'Paddle' };

/** Where in the store's dashboard the webhook URL goes, and which events it sends (docs/selling.md). */
export const STORE_HOW_TO: Record<StoreName, string> = {
  stripe:
    'In Stripe: Developers → Webhooks → Add endpoint, with this URL and the events checkout.session.completed, ' +
    'charge.refunded and charge.dispute.created. Then paste its signing secret (whsec_…) here.',
  paddle:
    'In Paddle: Developer tools → Notifications → New destination, with this URL and the events ' +
    'customer.created, customer.updated, transaction.completed, adjustment.created and adjustment.updated. ' +
    'Then paste its secret key here.',
};

/** What each event did, in the vendor's words. */
export const OUTCOME_LABELS: Record<StoreEventOutcome, string> = {
  created: 'Processed: order made',
  refunded: 'Processed: order refunded',
  ignored: 'Ignored',
  unmapped: 'Flagged: not mapped',
};

export const NO_MAPPINGS = (store: StoreName) =>
  `No prices mapped yet: a ${STORE_LABELS[store]} sale makes a license once its price is mapped here.`;
export const NO_EVENTS = (store: StoreName) => `No events from ${STORE_LABELS[store]} yet.`;
export const SETTINGS_LOAD_FAILED = 'The store settings could not be loaded.';
