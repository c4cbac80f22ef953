import {
  STORE_SECRET_HINT_LENGTH,
  type LicenseType,
  type StoreEvent,
  type StoreEventOutcome,
  type StoreMapping,
  type StoreName,
} from 'shared-kit/contract';
import { apiTimestamp } from '../db/api-timestamps';
import type { StoreMappingRow } from './queries/store-mappings';

/** The path of a manufacturer's webhook URL for a store (the console prefixes the server's address). */
export const storeWebhookPath = (store: StoreName, manufacturerRef: string | number) =>
  `/api/v1/stores/${store}/${manufacturerRef}/events`;

/** The last characters of a secret: enough to recognise it, never enough to use it. */
export const secretHint = (secret: string) => secret.slice(-STORE_SECRET_HINT_LENGTH);

export const toStoreMapping = (row: StoreMappingRow): StoreMapping => ({
  ...row,
  license_type: row.license_type as LicenseType,
  created_at: apiTimestamp(row.created_at),
});

export const toStoreEvent = (row: {
  id: number;
  event_id: string;
  event_type: string;
  outcome: string;
  order_id: number | null;
  message: string | null;
  received_at: Date;
}): StoreEvent => ({
  ...row,
  outcome: row.outcome as StoreEventOutcome,
  received_at: apiTimestamp(row.received_at),
});
