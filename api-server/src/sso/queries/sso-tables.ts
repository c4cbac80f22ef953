import type { Generated } from 'kysely';
import type { Db } from '../../db/database';

/** Migration 0240's tables, typed here so the shared schema file stays untouched by this area. */
export type SsoTables = {
  sso_settings: {
    manufacturer_id: number;
    enabled: boolean;
    issuer: string;
    client_id: string;
    client_secret_encrypted: string | null;
    allowed_domains: string[];
    groups_claim: string;
    group_roles: Generated<string>;
    default_role: string | null;
    password_sign_in_off: boolean;
    updated_at: Generated<Date>;
  };
  sso_sign_ins: {
    state: string;
    manufacturer_id: number;
    nonce: string;
    code_verifier: string;
    expires_at: Date;
    created_at: Generated<Date>;
  };
};

export const ssoDb = (db: Db) => db.withTables<SsoTables>();
