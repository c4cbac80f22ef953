import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on over OpenID Connect per manufacturer (docs/staff-access.md, "Single sign-on"). The settings: the
 * provider (issuer, client id, the client secret encrypted with the master key), the email domains it may sign in,
 * the groups claim and its mapping to staff roles, a default role or none, and whether staff other than owners may
 * still sign in with a password. A sign-in under way: the state handed to the provider with its nonce and PKCE
 * verifier, kept server-side until the callback takes it (taking deletes it: single use) or it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_settings (
      manufacturer_id integer PRIMARY KEY REFERENCES manufacturers(id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      issuer text NOT NULL,
      client_id text NOT NULL,
      client_secret_encrypted text,
      allowed_domains text[] NOT NULL DEFAULT '{}',
      groups_claim text NOT NULL DEFAULT 'groups',
      group_roles jsonb NOT NULL DEFAULT '[]',
      default_role text,
      password_sign_in_off boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sso_sign_ins (
      state text PRIMARY KEY,
      manufacturer_id integer NOT NULL REFERENCES manufacturers(id) ON DELETE CASCADE,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sso_sign_ins_expiry ON sso_sign_ins (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE sso_sign_ins;
    DROP TABLE sso_settings;
  `.execute(db);
}
