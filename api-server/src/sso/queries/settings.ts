import { sql } from 'kysely';
import type { SsoGroupRole, StaffRole } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { ssoDb } from './sso-tables';

export interface SsoSettingsRow {
  manufacturer_id: number;
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string | null;
  allowed_domains: string[];
  groups_claim: string;
  group_roles: SsoGroupRole[];
  default_role: StaffRole | null;
  password_sign_in_off: boolean;
  updated_at: Date;
}

export async function findSsoSettings(db: Db, manufacturerId: number): Promise<SsoSettingsRow | undefined> {
  const row = await ssoDb(db)
    .selectFrom('sso_settings')
    .selectAll()
    .where('manufacturer_id', '=', manufacturerId)
    .executeTakeFirst();
  return row as SsoSettingsRow | undefined;
}

export type SavedSsoSettings = Omit<SsoSettingsRow, 'updated_at' | 'client_secret_encrypted'> & {
  /** undefined keeps the secret set before. */
  client_secret_encrypted?: string;
};

export async function saveSsoSettings(db: Db, settings: SavedSsoSettings): Promise<void> {
  const values = {
    enabled: settings.enabled,
    issuer: settings.issuer,
    client_id: settings.client_id,
    allowed_domains: settings.allowed_domains,
    groups_claim: settings.groups_claim,
    group_roles: JSON.stringify(settings.group_roles),
    default_role: settings.default_role,
    password_sign_in_off: settings.password_sign_in_off,
  };
  const secret =
    settings.client_secret_encrypted === undefined ? {} : { client_secret_encrypted: settings.client_secret_encrypted };
  await ssoDb(db)
    .insertInto('sso_settings')
    .values({
      manufacturer_id: settings.manufacturer_id,
      ...values,
      client_secret_encrypted: settings.client_secret_encrypted ?? null,
    })
    .onConflict((oc) => oc.column('manufacturer_id').doUpdateSet({ ...values, ...secret, updated_at: sql`now()` }))
    .execute();
}

/** Whether this staff member's manufacturer has switched password sign-in off (owners keep theirs). */
export async function passwordSignInOff(db: Db, manufacturerId: number): Promise<boolean> {
  const row = await ssoDb(db)
    .selectFrom('sso_settings')
    .select('password_sign_in_off')
    .where('manufacturer_id', '=', manufacturerId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row?.password_sign_in_off ?? false;
}
