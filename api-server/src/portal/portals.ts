import type { PortalDescriptor } from 'shared-kit/contract';
import { portalPageAddress } from 'shared-kit/pages';
import type { Db } from '../db/database';
import { emailDb } from '../email/tables';

// A manufacturer's portal: its slug (the address `/portal/<slug>/`) and its switch, kept on the manufacturer row.

/** The portal a slug names, switched on or not; undefined when no manufacturer has that slug. */
export async function findPortalBySlug(db: Db, slug: string) {
  return db
    .selectFrom('manufacturers')
    .select(['id', 'name', 'portal_slug', 'portal_enabled'])
    .where('portal_slug', '=', slug)
    .executeTakeFirst();
}

/** What the portal page shows before sign-in: the manufacturer's name and the branding of its mails (My Details). */
export async function findPortalDescriptor(db: Db, slug: string): Promise<PortalDescriptor | undefined> {
  const row = await emailDb(db)
    .selectFrom('manufacturers as m')
    .leftJoin('manufacturer_mail_settings as s', 's.manufacturer_id', 'm.id')
    .select(['m.name', 'm.portal_slug', 'm.portal_enabled', 's.logo_url', 's.brand_color'])
    .where('m.portal_slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    slug: row.portal_slug,
    manufacturer_name: row.name,
    logo_url: row.logo_url ?? null,
    brand_color: row.brand_color ?? null,
    enabled: row.portal_enabled,
  };
}

export async function findPortalSettings(db: Db, manufacturerId: number) {
  return db
    .selectFrom('manufacturers')
    .select(['id', 'name', 'portal_slug', 'portal_enabled'])
    .where('id', '=', manufacturerId)
    .executeTakeFirst();
}

/** Whether another manufacturer already has the slug. */
export async function slugTakenByAnother(db: Db, manufacturerId: number, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('manufacturers')
    .select('id')
    .where('portal_slug', '=', slug)
    .where('id', '<>', manufacturerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePortalSettings(
  db: Db,
  manufacturerId: number,
  change: { portal_slug?: string; portal_enabled?: boolean },
) {
  return db
    .updateTable('manufacturers')
    .set(change)
    .where('id', '=', manufacturerId)
    .returning(['id', 'name', 'portal_slug', 'portal_enabled'])
    .executeTakeFirstOrThrow();
}

export type PortalRow = NonNullable<Awaited<ReturnType<typeof findPortalSettings>>>;

/** Where the standalone portal of a slug is served. */
export const portalUrl = (publicUrl: string, slug: string) => `${publicUrl}${portalPageAddress(slug)}`;
