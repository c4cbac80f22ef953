import { sql } from 'kysely';
import { productPublicKey, verifyLicenseFile, verifySignedDocument, type ClientApiFormat } from 'signed-formats';
import { appForSuite, type TestApp } from './support/test-app';
import { createLicensingWorld } from './licensing-fixtures';

export const CLIENT = '/api/v1/clients/app';

/** A client call as a plugin makes it: no session. */
export const clientPost = (t: TestApp, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${CLIENT}${path}`, payload: payload as object, headers });

/** The answer checked the way a plugin checks it (the product's public key, the format, the signature), as sent. */
export function verifiedDocument(format: ClientApiFormat, body: string, publicKey: string) {
  const result = verifySignedDocument(body, productPublicKey(publicKey), format);
  if (!result.valid) throw new Error(`not a valid ${format.format}: ${result.message}`);
  return JSON.parse(body) as Record<string, unknown>;
}

export function verifiedLicense(body: string, publicKey: string, fingerprint: string) {
  const result = verifyLicenseFile(body, productPublicKey(publicKey), { hardwareFingerprint: fingerprint });
  if (!result.valid) throw new Error(`not a valid licence file: ${result.message}`);
  return result.document;
}

/** Rate-limit counters start afresh (each test's calls come from the same address). */
export const resetRateLimits = (t: TestApp) => sql`DELETE FROM rate_limits`.execute(t.db);

export const clientAudit = (t: TestApp, action: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('actor_system_user_id', 'is', null)
    .orderBy('id')
    .execute();

/** Every audit row so far: a read-only client call must leave the number unchanged (it records nothing). */
export const auditRowCount = async (t: TestApp) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log`.execute(t.db)).rows[0]!.n);

/** The licensing world for client API tests, with the synth's trial length and machine limit set; rate limits cleared before each test. */
export function clientApiSuite(synthLimits: { trial_days: number; machine_limit: number }) {
  const suite = appForSuite(async (t) => {
    const world = await createLicensingWorld(t);
    await t.db.updateTable('products').set(synthLimits).where('id', '=', world.synth.id).execute();
    return world;
  });
  beforeEach(() => resetRateLimits(suite.t));
  return suite;
}
