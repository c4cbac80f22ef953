import { createHash, createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { PORTAL_SIGN_IN_CODE_MAX_TRIES } from 'shared-kit/contract';
import { seedDemoData } from '../src/seed/demo-data';
import { emailDb } from '../src/email/tables';
import { signInCodeKey } from '../src/portal/sign-in-codes';
import { createTestApp, type TestApp } from './support/test-app';
import { customerAuth, mailsTo, requestCode, signInSecretsOf, signInWith } from './portal-fixtures';

jest.setTimeout(120_000);

const SLUG = 'aurora-audio';

describe('customer sign-in to the portal by emailed code or link', () => {
  let t: TestApp;
  let customers: { id: number; email: string }[];

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://licences.aurora.example' });
    await seedDemoData(t.db, t.masterKey, t.storage);
    const manufacturer = await t.db
      .selectFrom('manufacturers')
      .select('id')
      .where('name', '=', 'Aurora Audio')
      .executeTakeFirstOrThrow();
    customers = await t.db
      .selectFrom('end_users')
      .select(['id', 'email'])
      .where('manufacturer_id', '=', manufacturer.id)
      .where('id', 'in', (qb) => qb.selectFrom('licenses').select('user_id'))
      .orderBy('id')
      .limit(8)
      .execute();
  });
  afterAll(() => t.close());

  const latestMail = async (email: string) => {
    const mail = (await mailsTo(t.db, email)).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  };

  it('serves the demo portal by its slug, and 404 for no such portal', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/portal/${SLUG}` });
    expect(response.statusCode).toBe(200);
    const manufacturer = await t.db
      .selectFrom('manufacturers')
      .select('id')
      .where('portal_slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    const seeded = await emailDb(t.db)
      .selectFrom('manufacturer_mail_settings')
      .select(['logo_url', 'brand_color'])
      .where('manufacturer_id', '=', manufacturer.id)
      .executeTakeFirst();
    expect(response.json()).toEqual({
      slug: SLUG,
      manufacturer_name: 'Aurora Audio',
      logo_url: seeded?.logo_url ?? null,
      brand_color: seeded?.brand_color ?? null,
      enabled: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/portal/nimbus-instruments' })).json()).toMatchObject({
      manufacturer_name: 'Nimbus Instruments',
    });
    // The branding staff set in My Details (the mail settings) is the portal's.
    await emailDb(t.db)
      .insertInto('manufacturer_mail_settings')
      .values({
        manufacturer_id: manufacturer.id,
        sender_name: null,
        reply_to: null,
        logo_url: 'https://aurora.example/logo.png',
        brand_color: '#3355ff',
      })
      .onConflict((oc) =>
        oc
          .column('manufacturer_id')
          .doUpdateSet({ logo_url: 'https://aurora.example/logo.png', brand_color: '#3355ff' }),
      )
      .execute();
    const branded = await t.app.inject({ method: 'GET', url: `/api/v1/portal/${SLUG}` });
    expect(branded.json()).toMatchObject({ logo_url: 'https://aurora.example/logo.png', brand_color: '#3355ff' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/portal/no-such-portal' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ['Portal not found'] });
  });

  it('mails a code and a magic link, and the code signs in to a session that reaches the customer only', async () => {
    const customer = customers[0];
    const asked = await requestCode(t.app, SLUG, customer.email.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      notice: expect.stringContaining('If that address belongs to a customer here'),
      expires_in_seconds: 600,
    });
    const mail = await latestMail(customer.email);
    expect(mail).toMatchObject({ to_address: customer.email, kind: 'portal.sign-in-code' });
    const { code, link } = signInSecretsOf(mail);
    expect(mail.subject).toBe(`${code} is your Aurora Audio sign-in code`);
    expect(link.startsWith(`https://licences.aurora.example/portal/${SLUG}/sign-in?token=`)).toBe(true);
    // In the manufacturer's branding (its colour was set above): the button too, not ProductHub's default blue.
    const button = /<a href="([^"]+)" style="([^"]*)"/.exec(mail.html);
    expect(button?.[1]).toContain('/sign-in?token=');
    expect(button?.[2]).toContain('background:#3355ff');
    expect(mail.html).not.toContain('#1f4f99');

    const signedIn = await signInWith(t.app, SLUG, {
      email: ` ${customer.email} `,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json();
    expect(session).toMatchObject({
      token: expect.any(String),
      idle_timeout_minutes: 30,
      user: { id: customer.id, email: customer.email, manufacturer: { name: 'Aurora Audio', slug: SLUG } },
    });
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/portal/me', headers: customerAuth(session.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(session.user);
    expect(me.headers['cache-control']).toBe('no-store');

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/sign-out',
      headers: customerAuth(session.token),
    });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/portal/me', headers: customerAuth(session.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: ['Please sign in to the portal.'] });
    // Every answer of the portal scope, public ones and refusals too.
    expect(after.headers['cache-control']).toBe('no-store');
    expect(asked.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portal/${SLUG}` })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('shows staff the sign-in mail with its code and link masked while it waits to be sent', async () => {
    const customer = customers[5];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    const row = await emailDb(t.db)
      .selectFrom('email_outbox')
      .select(['id', 'manufacturer_id', 'status'])
      .where('to_address', '=', customer.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const staffToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login',
        payload: { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' },
      })
    ).json().token as string;
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/manufacturers/${row.manufacturer_id}/emails/${row.id}`,
      headers: { authorization: `MSession ${staffToken}` },
    });
    expect(shown.statusCode).toBe(200);
    const { subject, html, text } = shown.json() as { subject: string; html: string; text: string };
    expect(subject).toBe('•••••• is your Aurora Audio sign-in code');
    for (const part of [subject, html, text]) {
      expect(part).not.toContain(code);
      expect(part).not.toContain(token);
      expect(part).not.toContain(encodeURIComponent(token));
    }
    expect(text).toContain('••••••');
  });

  it('ends a customer session after 30 minutes unused and after 24 hours', async () => {
    const customer = customers[2];
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/portal/me', headers: customerAuth(token) });
    const sessionOf = async () => {
      await requestCode(t.app, SLUG, customer.email);
      const { token } = signInSecretsOf(await latestMail(customer.email));
      const session = (await signInWith(t.app, SLUG, { token })).json() as { token: string; expires_at: string };
      expect((await me(session.token)).statusCode).toBe(200);
      return session;
    };
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const ended = { message: ['Please sign in to the portal.'] };

    const idle = await sessionOf();
    await sql`UPDATE portal_sessions SET last_used_at = now() - interval '29 minutes' WHERE token_hash = ${hashOf(idle.token)}`.execute(
      t.db,
    );
    expect((await me(idle.token)).statusCode).toBe(200);
    await sql`UPDATE portal_sessions SET last_used_at = now() - interval '31 minutes' WHERE token_hash = ${hashOf(idle.token)}`.execute(
      t.db,
    );
    const idleAnswer = await me(idle.token);
    expect([idleAnswer.statusCode, idleAnswer.json()]).toEqual([401, ended]);

    const old = await sessionOf();
    expect(Date.parse(old.expires_at) - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(Date.parse(old.expires_at) - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await sql`UPDATE portal_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashOf(old.token)}`.execute(
      t.db,
    );
    const oldAnswer = await me(old.token);
    expect([oldAnswer.statusCode, oldAnswer.json()]).toEqual([401, ended]);
  });

  it('stores the code and the link only as hashes: the link as its SHA-256, the code as an HMAC keyed from the master key', async () => {
    const customer = customers[4];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    const row = await t.db
      .selectFrom('portal_sign_in_codes')
      .selectAll()
      .where('email_key', '=', customer.email.toLowerCase())
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const linkHash = createHash('sha256').update(token).digest('hex');
    expect(row.link_token_hash).toBe(linkHash);
    expect(row.code_hash).toBe(
      createHmac('sha256', signInCodeKey(t.masterKey))
        .update(`producthub-portal-code-v1\n${linkHash}\n${code}\n`)
        .digest('hex'),
    );
    // Without the master key the stored hash cannot be tested: neither a plain hash nor one keyed by the row alone matches.
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.code_hash).not.toBe(createHmac('sha256', linkHash).update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('signs in by the magic link once; the code of the same mail is then used up too', async () => {
    const customer = customers[1];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    const first = await signInWith(t.app, SLUG, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(customer.id);
    const again = await signInWith(t.app, SLUG, { token });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: ['That sign-in link was already used. Ask for a new one.'] });
    const byCode = await signInWith(t.app, SLUG, { email: customer.email, code });
    expect(byCode.json()).toEqual({ message: ['That code was already used. Ask for a new one.'] });
  });

  it('uses a code once; the link of the same mail is then used up too', async () => {
    const customer = customers[2];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    expect((await signInWith(t.app, SLUG, { email: customer.email, code })).statusCode).toBe(200);
    const again = await signInWith(t.app, SLUG, { email: customer.email, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: ['That code was already used. Ask for a new one.'] });
    const byLink = await signInWith(t.app, SLUG, { token });
    expect([byLink.statusCode, byLink.json()]).toEqual([
      401,
      { message: ['That sign-in link was already used. Ask for a new one.'] },
    ]);
  });

  it('counts wrong codes: 5 tries, then the code is dead even when the right one comes', async () => {
    const customer = customers[3];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let n = 0; n < PORTAL_SIGN_IN_CODE_MAX_TRIES; n++)
      answers.push((await signInWith(t.app, SLUG, { email: customer.email, code: wrong })).json().message[0]);
    expect(answers).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'That code is not right, and that was the last try. Ask for a new one.',
    ]);
    const right = await signInWith(t.app, SLUG, { email: customer.email, code });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: ['That code was tried too many times. Ask for a new one.'] });
    // The link of that mail still works: it cannot be guessed.
    expect((await signInWith(t.app, SLUG, { token })).statusCode).toBe(200);
    // A new code works again.
    await requestCode(t.app, SLUG, customer.email);
    expect(
      (
        await signInWith(t.app, SLUG, {
          email: customer.email,
          code: signInSecretsOf(await latestMail(customer.email)).code,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('says so when a code or link has expired', async () => {
    const customer = customers[4];
    await requestCode(t.app, SLUG, customer.email);
    const { code, token } = signInSecretsOf(await latestMail(customer.email));
    await sql`UPDATE portal_sign_in_codes SET expires_at = now() - interval '1 second' WHERE email_key = ${customer.email.toLowerCase()}`.execute(
      t.db,
    );
    const byCode = await signInWith(t.app, SLUG, { email: customer.email, code });
    expect(byCode.statusCode).toBe(401);
    expect(byCode.json()).toEqual({ message: ['That code has expired. Ask for a new one.'] });
    const byLink = await signInWith(t.app, SLUG, { token });
    expect(byLink.json()).toEqual({ message: ['That sign-in link has expired. Ask for a new one.'] });
  });

  it('removes codes that expired more than a day ago as new ones are issued', async () => {
    const customer = customers[4];
    await sql`UPDATE portal_sign_in_codes SET expires_at = now() - interval '25 hours' WHERE email_key = ${customer.email.toLowerCase()}`.execute(
      t.db,
    );
    await requestCode(t.app, SLUG, 'someone.else@example.com');
    const left = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM portal_sign_in_codes WHERE email_key = ${customer.email.toLowerCase()}`.execute(t.db);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('lets only the newest mail sign in', async () => {
    const customer = customers[5];
    await requestCode(t.app, SLUG, customer.email);
    const older = signInSecretsOf(await latestMail(customer.email));
    await requestCode(t.app, SLUG, customer.email);
    const newer = signInSecretsOf(await latestMail(customer.email));
    expect((await signInWith(t.app, SLUG, { token: older.token })).json()).toEqual({
      message: ['A newer sign-in mail was sent since. Use the link in the newest mail.'],
    });
    if (older.code !== newer.code) {
      expect((await signInWith(t.app, SLUG, { email: customer.email, code: older.code })).json()).toEqual({
        message: ['That code is not right. 4 tries left.'],
      });
    }
    expect((await signInWith(t.app, SLUG, { token: newer.token })).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a customer, mails nobody, and its codes fail alike', async () => {
    const customer = customers[6];
    const unknown = 'nobody.here@example.com';
    const outboxBefore = await sql<{ n: string }>`SELECT count(*) AS n FROM email_outbox`.execute(t.db);
    const known = await requestCode(t.app, SLUG, customer.email);
    const stranger = await requestCode(t.app, SLUG, unknown);
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(Object.keys(stranger.headers).sort()).toEqual(Object.keys(known.headers).sort());
    const outboxAfter = await sql<{ n: string }>`SELECT count(*) AS n FROM email_outbox`.execute(t.db);
    expect(Number(outboxAfter.rows[0].n) - Number(outboxBefore.rows[0].n)).toBe(1);
    expect(await mailsTo(t.db, unknown)).toEqual([]);

    const { code } = signInSecretsOf(await latestMail(customer.email));
    const wrong = code === '123456' ? '654321' : '123456';
    const knownTry = await signInWith(t.app, SLUG, { email: customer.email, code: wrong });
    const unknownTry = await signInWith(t.app, SLUG, { email: unknown, code: wrong });
    expect(unknownTry.statusCode).toBe(knownTry.statusCode);
    expect(unknownTry.body).toBe(knownTry.body);
    // An address that never asked: the same plain answer for a customer and a stranger.
    const neverAsked = await signInWith(t.app, SLUG, { email: customers[7].email, code: wrong });
    const neverAskedStranger = await signInWith(t.app, SLUG, { email: 'never.asked@example.com', code: wrong });
    expect(neverAsked.json()).toEqual({ message: ['That code is not right. Ask for a new one.'] });
    expect(neverAskedStranger.body).toBe(neverAsked.body);
  });

  it('answers a code request before any work that depends on the address: the answer waits for no code or mail', async () => {
    const customer = customers[7];
    const before = (await mailsTo(t.db, customer.email)).length;
    // While another transaction holds the codes table, no code can be written: the answers must come all the same.
    const blocker = new Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE portal_sign_in_codes IN EXCLUSIVE MODE');
    try {
      for (const email of [customer.email, 'nobody.at.all@example.com']) {
        const answered = await t.app.inject({
          method: 'POST',
          url: `/api/v1/portal/${SLUG}/sign-in/code`,
          payload: { email },
        });
        expect(answered.statusCode).toBe(202);
      }
      expect((await mailsTo(t.db, customer.email)).length).toBe(before);
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    await t.app.backgroundWork.settled();
    expect((await mailsTo(t.db, customer.email)).length).toBe(before + 1);
  });

  it('refuses bodies that are neither a code nor a link, in plain words, and bad addresses', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Send either your email and the code from the mail, or the token of the sign-in link.'],
      [
        { email: customers[0].email },
        'Send either your email and the code from the mail, or the token of the sign-in link.',
      ],
      [{ email: customers[0].email, code: '12ab56' }, 'The code is the 6 digits from the mail.'],
      [
        { email: customers[0].email, code: '123456', token: 'x' },
        'Send either your email and the code, or the token of the sign-in link, not both.',
      ],
      [{ token: 'not-a-token' }, 'That sign-in link is not valid. Ask for a new one.'],
    ];
    for (const [body, message] of cases)
      expect((await signInWith(t.app, SLUG, body)).json()).toEqual({ message: [message] });
    for (const email of ['not an address', 'jörg@example.com', 'a@b']) {
      const response = await requestCode(t.app, SLUG, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ['That is not a valid email address.'] });
      const signingIn = await signInWith(t.app, SLUG, { email, code: '123456' });
      expect([signingIn.statusCode, signingIn.json()]).toEqual([
        400,
        { message: ['That is not a valid email address.'] },
      ]);
    }
  });

  it('costs no try for a code that is not 6 digits', async () => {
    const customer = customers[6];
    await requestCode(t.app, SLUG, customer.email);
    const { code } = signInSecretsOf(await latestMail(customer.email));
    for (const malformed of ['12345', '1234567', 'abcdef'])
      expect((await signInWith(t.app, SLUG, { email: customer.email, code: malformed })).json()).toEqual({
        message: ['The code is the 6 digits from the mail.'],
      });
    const wrong = await signInWith(t.app, SLUG, {
      email: customer.email,
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.json()).toEqual({ message: ['That code is not right. 4 tries left.'] });
  });

  it('audits a sign-in on the end user with the customer as actor, shown in History', async () => {
    const customer = customers[0];
    const staffToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/systemusers/login',
        payload: { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026' },
      })
    ).json().token as string;
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=end_user&object_id=${customer.id}&action=end_user.portal_sign_in`,
      headers: { authorization: `MSession ${staffToken}` },
    });
    expect(history.statusCode).toBe(200);
    const events = history.json().data as {
      actor: unknown;
      action: string;
      changes: { field: string; after: unknown }[];
    }[];
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'customer', id: customer.id, email: customer.email },
      action: 'end_user.portal_sign_in',
    });
    // The method is recorded: the first customer signed in by code; the second one by the link.
    expect(events[0].changes).toContainEqual(expect.objectContaining({ field: 'method', after: 'code' }));
    const byLink = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=end_user&object_id=${customers[1].id}&action=end_user.portal_sign_in`,
      headers: { authorization: `MSession ${staffToken}` },
    });
    expect(byLink.json().data.at(-1).changes).toContainEqual(
      expect.objectContaining({ field: 'method', after: 'link' }),
    );
    // "No staff user" includes the customers' own events.
    const noStaff = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?actor=client&object_type=end_user&object_id=${customer.id}&action=end_user.portal_sign_in`,
      headers: { authorization: `MSession ${staffToken}` },
    });
    expect(noStaff.json().data.length).toBe(events.length);
  });
});
