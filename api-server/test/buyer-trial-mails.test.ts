import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { BUYER_MAIL_KINDS } from 'shared-kit/contract';
import { createDatabase, type Db } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { claimDueTrials, mailDueTrials } from '../src/buyer-mails/trial-reminders';
import { saveBuyerMailSwitches } from '../src/buyer-mails/queries/switches';
import { emailDb } from '../src/email/tables';
import { createTestApp, type TestApp } from './support/test-app';
import { createLicensingWorld, createTrial, type LicensingWorld } from './licensing-fixtures';
import { startMailDelivery, type MailDelivery } from './email/mail-delivery';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://licences.example.com';

describe('trial mails: ends in 3 days, ended — once each, only to a machine’s owner', () => {
  let t: TestApp;
  let world: LicensingWorld;
  let mail: MailDelivery;
  let fingerprintNumber = 0;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    world = await createLicensingWorld(t);
    mail = await startMailDelivery();
  });
  afterAll(async () => {
    await mail.close();
    await t.close();
  });
  beforeEach(async () => {
    await mail.reset(t.db);
    await t.db.deleteFrom('trials').execute();
  });

  /** A trial of Alpha Drums ending `hours` from now on a machine; `owner` recorded its fingerprint with a licence. */
  const trialEndingIn = async (hours: number, owner: { id: number } | null) => {
    const fingerprint = `TRIAL-FP-${++fingerprintNumber}`;
    const trial = await createTrial(t.db, world.manufacturerA.id, world.drums.id, fingerprint);
    await sql`UPDATE trials SET expires_at = now() + make_interval(hours => ${hours}) WHERE id = ${trial.id}`.execute(
      t.db,
    );
    if (owner)
      await t.db
        .insertInto('fingerprints')
        .values({ manufacturer_id: world.manufacturerA.id, user_id: owner.id, hardware_fingerprint: fingerprint })
        .execute();
    return trial;
  };
  const outbox = () => emailDb(t.db).selectFrom('email_outbox').select(['kind', 'to_address']).orderBy('id').execute();

  it('mails the owner three days before the end and once it ended, each once, with the portal link', async () => {
    await trialEndingIn(48, world.bob);
    await mailDueTrials(t.db, PUBLIC_URL);
    await mailDueTrials(t.db, PUBLIC_URL);
    expect(await outbox()).toEqual([{ kind: BUYER_MAIL_KINDS.trial_ending, to_address: world.bob.email }]);
    await mail.deliver(t.db);
    const [ending] = mail.smtp.arrived;
    expect(ending.envelope.to).toEqual([world.bob.email]);
    expect(ending.parsed.subject).toBe('Your Alpha Drums trial ends in 3 days');
    expect(ending.parsed.text).toContain('Your trial of Alpha Drums ends on');
    expect(ending.parsed.text).toContain(`${PUBLIC_URL}/portal/alpha-audio/licenses`);

    // The trial runs out: the "ended" mail, once.
    await sql`UPDATE trials SET expires_at = now() - interval '1 hour'`.execute(t.db);
    await mailDueTrials(t.db, PUBLIC_URL);
    await mailDueTrials(t.db, PUBLIC_URL);
    expect((await outbox()).map((row) => row.kind)).toEqual([
      BUYER_MAIL_KINDS.trial_ending,
      BUYER_MAIL_KINDS.trial_ended,
    ]);
    await mail.deliver(t.db);
    expect(mail.smtp.arrived.map((arrived) => arrived.parsed.subject)).toEqual([
      'Your Alpha Drums trial ends in 3 days',
      'Your Alpha Drums trial has ended',
    ]);
  });

  it('mails nobody for a trial whose machine has no owner with an email, one not yet due, or one long over', async () => {
    await trialEndingIn(48, null);
    await trialEndingIn(24 * 5, world.bob);
    await trialEndingIn(-24 * 30, world.bob);
    await mailDueTrials(t.db, PUBLIC_URL);
    expect(await outbox()).toEqual([]);
  });

  it('mails nobody who bought the product meanwhile, nor for a manufacturer that switched the mail off', async () => {
    // Ann holds a licence of Alpha Drums: a trial of it on her machine needs no reminder.
    await trialEndingIn(48, world.ann);
    await saveBuyerMailSwitches(t.db, world.manufacturerA.id, { trial_ended: false });
    await trialEndingIn(-2, world.bob);
    await mailDueTrials(t.db, PUBLIC_URL);
    expect(await outbox()).toEqual([]);
    await saveBuyerMailSwitches(t.db, world.manufacturerA.id, { trial_ended: true });
  });

  describe('with several instances and a crash', () => {
    let other: Db;
    beforeAll(() => {
      other = createDatabase(t.databaseUrl, 2);
    });
    afterAll(() => other.destroy());

    it('two passes in parallel write one mail per trial', async () => {
      const owners = [world.bob, world.cy];
      for (let n = 0; n < 30; n++) await trialEndingIn(24 + n, owners[n % 2]);
      await Promise.all([
        mailDueTrials(t.db, PUBLIC_URL),
        mailDueTrials(other, PUBLIC_URL),
        mailDueTrials(t.db, PUBLIC_URL),
        mailDueTrials(other, PUBLIC_URL),
      ]);
      const rows = await outbox();
      expect(rows).toHaveLength(30);
      expect(rows.filter((row) => row.to_address === world.bob.email)).toHaveLength(15);
      const marked = await sql<{
        count: string;
      }>`SELECT count(*) FROM trials WHERE ending_mailed_at IS NOT NULL`.execute(t.db);
      expect(Number(marked.rows[0].count)).toBe(30);
    });

    it('a pass killed after marking, before its commit, leaves the trial to the next pass', async () => {
      await trialEndingIn(30, world.bob);
      // The instance that dies: its own connection, whose loss is expected (no listener would crash the test run).
      const pool = new Pool({ connectionString: t.databaseUrl, max: 1 });
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      const dying = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      const killed = dying
        .transaction()
        .execute(async (trx) => {
          const claimed = await claimDueTrials(trx, 'trial_ending');
          expect(claimed).toHaveLength(1);
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          // The instance dies here: its connection ends without a commit.
          await sql`SELECT pg_terminate_backend(${rows[0].pid})`.execute(t.db);
          await sql`SELECT 1`.execute(trx);
        })
        .then(
          () => 'committed',
          () => 'died',
        );
      expect(await killed).toBe('died');
      await dying.destroy();
      const { rows } = await sql<{ ending_mailed_at: Date | null }>`SELECT ending_mailed_at FROM trials`.execute(t.db);
      expect(rows).toEqual([{ ending_mailed_at: null }]);
      expect(await outbox()).toEqual([]);

      await mailDueTrials(t.db, PUBLIC_URL);
      expect(await outbox()).toEqual([{ kind: BUYER_MAIL_KINDS.trial_ending, to_address: world.bob.email }]);
      await mail.deliver(t.db);
      expect(mail.smtp.arrived.map((arrived) => arrived.envelope.to)).toEqual([[world.bob.email]]);
    });
  });
});
