import { sql, type Kysely } from 'kysely';

/**
 * `browser-activations` and `redeem` became customer route segments (`/api/v1/portal/browser-activations/{code}`,
 * `/api/v1/portal/redeem`), so no manufacturer may have them as its portal slug (PORTAL_RESERVED_SLUGS): a new
 * manufacturer named so gets `-portal` added, and one that already had one is moved there (or to `…-portal-{id}` if
 * that is taken).
 */
const slugOf = (reserved: string) => `
  CREATE OR REPLACE FUNCTION portal_slug_of(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN s IN (${reserved}) THEN s || '-portal' ELSE s END
    FROM (SELECT coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 50)), ''), 'manufacturer') AS s) base
  $$;`;
const RESERVED_BEFORE = "'me', 'licenses', 'trials', 'sign-in', 'sign-out', 'downloads', 'email-change'";
const NEWLY_RESERVED = ['browser-activations', 'redeem'];
const RESERVED = `${RESERVED_BEFORE}, ${NEWLY_RESERVED.map((slug) => `'${slug}'`).join(', ')}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(slugOf(RESERVED)).execute(db);
  for (const slug of NEWLY_RESERVED)
    await sql`
      UPDATE manufacturers m
      SET portal_slug = CASE
        WHEN EXISTS (SELECT 1 FROM manufacturers o WHERE o.portal_slug = ${slug} || '-portal')
        THEN ${slug} || '-portal-' || m.id
        ELSE ${slug} || '-portal' END
      WHERE m.portal_slug = ${slug}
    `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(slugOf(RESERVED_BEFORE)).execute(db);
}
