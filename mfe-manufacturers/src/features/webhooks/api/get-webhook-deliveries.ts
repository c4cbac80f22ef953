import type { ListState } from 'shared-kit';
import { webhookKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/webhook-endpoints/{endpointId}/deliveries: one page of the log, newest first. */
export const webhookDeliveriesKey =
  (manufacturerId: number, endpointId: number) =>
  ({ page, perPage }: ListState) =>
    webhookKeys.deliveries(manufacturerId, endpointId, { page, per_page: perPage });
