import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { apiKeyDb } from '../../auth/api-key-tables';
import type { ApiKeyRow } from '../api-key-shape';

function keyRows(db: Db, manufacturerId: number) {
  return apiKeyDb(db)
    .selectFrom('api_keys')
    .leftJoin('api_key_uses', 'api_key_uses.api_key_id', 'api_keys.id')
    .leftJoin('system_users', 'system_users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.manufacturer_id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.created_at',
      'api_keys.updated_at',
      'api_key_uses.last_used_at',
      'api_key_uses.last_used_address',
      'system_users.email as created_by_email',
    ])
    .where('api_keys.manufacturer_id', '=', manufacturerId);
}

/** A manufacturer's keys, live ones first (neither revoked nor expired), newest first. */
export function listApiKeys(db: Db, manufacturerId: number): Promise<ApiKeyRow[]> {
  return keyRows(db, manufacturerId)
    .orderBy(sql`api_keys.revoked_at IS NOT NULL OR coalesce(api_keys.expires_at <= now(), false)`)
    .orderBy('api_keys.id', 'desc')
    .execute();
}

export function findApiKey(db: Db, manufacturerId: number, keyId: number): Promise<ApiKeyRow | undefined> {
  return keyRows(db, manufacturerId).where('api_keys.id', '=', keyId).executeTakeFirst();
}

/** Unrevoked keys of a manufacturer, counted under a lock of the manufacturer's row (two creations wait in turn). */
export async function countLiveKeysLocked(db: Db, manufacturerId: number): Promise<number> {
  await db.selectFrom('manufacturers').select('id').where('id', '=', manufacturerId).forUpdate().execute();
  const row = await apiKeyDb(db)
    .selectFrom('api_keys')
    .select(sql<string>`count(*)`.as('live'))
    .where('manufacturer_id', '=', manufacturerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.live);
}

export interface NewApiKey {
  manufacturerId: number;
  name: string;
  prefix: string;
  hash: Buffer;
  scopes: string[];
  expiresAt: Date | null;
  createdBy: number | null;
}

export async function insertApiKey(db: Db, key: NewApiKey): Promise<number> {
  const row = await apiKeyDb(db)
    .insertInto('api_keys')
    .values({
      manufacturer_id: key.manufacturerId,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.hash,
      scopes: key.scopes,
      expires_at: key.expiresAt,
      created_by: key.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a live key; false when it was revoked already. The row's update announces the change (migration 0030). */
export async function revokeApiKey(db: Db, manufacturerId: number, keyId: number): Promise<boolean> {
  const result = await apiKeyDb(db)
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
