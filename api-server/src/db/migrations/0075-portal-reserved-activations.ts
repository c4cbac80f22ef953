import { sql, type Kysely } from 'kysely';

/**
 * `browser-activations` became a customer route segment (`/api/v1/portal/browser-activations/{code}`), so no
 * manufacturer may have it as its portal slug (PORTAL_RESERVED_SLUGS): a new manufacturer named so gets
 * `browser-activations-portal`, and one that already had it is moved there (or to `…-portal-{id}` if that is taken).
 */
const slugOf = (reserved: string) => `
  CREATE OR REPLACE FUNCTION portal_slug_of(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN s IN (${reserved}) THEN s || '-portal' ELSE s END
    FROM (SELECT coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 50)), ''), 'manufacturer') AS s) base
  $$;`;
const RESERVED_BEFORE = "'me', 'licenses', 'trials', 'sign-in', 'sign-out', 'downloads', 'email-change'";
const RESERVED = `${RESERVED_BEFORE}, 'browser-activations'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(slugOf(RESERVED)).execute(db);
  await sql`
    UPDATE manufacturers m
    SET portal_slug = CASE
      WHEN EXISTS (SELECT 1 FROM manufacturers o WHERE o.portal_slug = 'browser-activations-portal')
      THEN 'browser-activations-portal-' || m.id
      ELSE 'browser-activations-portal' END
    WHERE m.portal_slug = 'browser-activations'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(slugOf(RESERVED_BEFORE)).execute(db);
}
