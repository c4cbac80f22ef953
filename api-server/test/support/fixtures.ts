import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database';
import { hashPassword } from '../../src/auth/password';

export const PASSWORD = 'Correct-Horse-42';
let passwordHash: Promise<string> | undefined;

export async function createManufacturer(db: Db, name: string, extra: { email?: string; country_code?: string } = {}) {
  return db
    .insertInto('manufacturers')
    .values({ name, ...extra })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createSystemUser(db: Db, email: string, manufacturerId: number | null) {
  passwordHash ??= hashPassword(PASSWORD);
  return db
    .insertInto('system_users')
    .values({
      email,
      password_hash: await passwordHash,
      access_level: manufacturerId === null ? 'superuser' : 'manufacturer',
      manufacturer_id: manufacturerId,
      staff_role: manufacturerId === null ? null : 'owner',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/systemusers/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

/** The id of the system user with this email. */
export async function systemUserIdOf(db: Db, email: string): Promise<number> {
  return (await db.selectFrom('system_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export const auth = (token: string) => ({ authorization: `MSession ${token}` });

/** Two manufacturers with one staff login each, plus a superuser: the cast of most API tests. */
export async function createTenants(app: FastifyInstance, db: Db) {
  const manufacturerA = await createManufacturer(db, 'Alpha Audio', { email: 'alpha@example.com', country_code: 'DE' });
  const manufacturerB = await createManufacturer(db, 'Beta Sound', { email: 'beta@example.com', country_code: 'US' });
  await createSystemUser(db, 'super@example.com', null);
  await createSystemUser(db, 'staff@alpha.example', manufacturerA.id);
  await createSystemUser(db, 'staff@beta.example', manufacturerB.id);
  return {
    manufacturerA,
    manufacturerB,
    superToken: await login(app, 'super@example.com'),
    staffAToken: await login(app, 'staff@alpha.example'),
    staffBToken: await login(app, 'staff@beta.example'),
  };
}

/** A digest of every row of a table, to prove a rejected request changed nothing. */
export async function tableDigest(db: Db, table: string): Promise<string> {
  const result = await sql<{
    digest: string | null;
  }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.table(table)} t`.execute(db);
  return result.rows[0]?.digest ?? '';
}
