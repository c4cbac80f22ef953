import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ssoDb } from './sso-tables';

/** A manufacturer by id or portal slug: the slug names it in the sign-in's start address. */
export async function findSsoManufacturer(db: Db, idOrSlug: number | string) {
  return db
    .selectFrom('manufacturers')
    .select(['id', 'portal_slug'])
    .where(typeof idOrSlug === 'number' ? 'id' : 'portal_slug', '=', idOrSlug)
    .executeTakeFirst();
}

/** The manufacturers with single sign-on switched on that list this email domain (lower case) as allowed. */
export async function findSsoManufacturersByDomain(db: Db, domain: string) {
  return ssoDb(db)
    .selectFrom('sso_settings')
    .innerJoin('manufacturers', 'manufacturers.id', 'sso_settings.manufacturer_id')
    .select(['manufacturers.id', 'manufacturers.portal_slug'])
    .where('sso_settings.enabled', '=', true)
    .where(sql<boolean>`${domain} = any(sso_settings.allowed_domains)`)
    .limit(2)
    .execute();
}
