import type { ApiKey, ApiKeyScope } from 'shared-kit/contract';
import { apiTimestamp } from '../db/api-timestamps';

/** A key as the list reads it: the key's row, its last use and who created it. */
export interface ApiKeyRow {
  id: number;
  manufacturer_id: number;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
  last_used_address: string | null;
  created_by_email: string | null;
}

const timestampOrNull = (date: Date | null) => (date === null ? null : apiTimestamp(date));

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    manufacturer_id: row.manufacturer_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    expires_at: timestampOrNull(row.expires_at),
    revoked_at: timestampOrNull(row.revoked_at),
    last_used_at: timestampOrNull(row.last_used_at),
    last_used_address: row.last_used_address,
    created_by: row.created_by_email,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

/** What History keeps of a key: never its hash. */
export const auditedKey = (key: ApiKey) => ({
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  expires_at: key.expires_at,
  revoked_at: key.revoked_at,
});
