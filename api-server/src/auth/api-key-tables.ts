import type { Generated } from 'kysely';
import type { Db } from '../db/database';

/** Migration 0030's tables, typed here so the shared schema file stays untouched by this area. */
export type ApiKeyTables = {
  api_keys: {
    id: Generated<number>;
    manufacturer_id: number;
    name: string;
    /** `phk_live_` and the key's first 8 characters: unique, shown, not secret. */
    prefix: string;
    /** SHA-256 of the whole key. */
    secret_hash: Buffer;
    scopes: string[];
    expires_at: Date | null;
    revoked_at: Date | null;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  api_key_uses: {
    api_key_id: number;
    last_used_at: Date;
    last_used_address: string;
  };
};

export const apiKeyDb = (db: Db) => db.withTables<ApiKeyTables>();
export type ApiKeyDb = ReturnType<typeof apiKeyDb>;
