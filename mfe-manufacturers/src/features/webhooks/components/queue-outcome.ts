import { errorMessage, type WebhookDelivery } from 'shared-kit';

export const QUEUE_FAILED = 'The delivery could not be queued. Please try again.';

/** What the page says after Redeliver or Send test event: that it was queued, or why not. */
export interface QueueOutcome {
  notice?: string;
  error?: string;
}

export async function queued(
  send: () => Promise<WebhookDelivery>,
  said: (delivery: WebhookDelivery) => string,
): Promise<QueueOutcome> {
  try {
    return { notice: said(await send()) };
  } catch (error) {
    return { error: errorMessage(error, QUEUE_FAILED) };
  }
}
