import { createElement } from 'react';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { createManufacturer } from './support/fixtures';
import { createDatabase, type Db } from '../src/db/database';
import { sendTemplatedEmail, type TemplatedEmail } from '../src/email/send-templated-email';
import { InvalidMailAddress } from '../src/email/mail-address';
import { readEmailSettings, type EmailSettings } from '../src/email/settings';
import { emailDb } from '../src/email/tables';
import { createSmtpTransport, type MailTransport } from '../src/email/transport';
import { claimDueEmails, keepDueEmails, messageIdOf, sendDueEmails } from '../src/email/worker';
import { testEmail } from '../src/email/templates/test-email';
import { findEmail } from '../src/email/email-log';
import { MASKED_SECRET } from '../src/email/mask-secrets';
import { recordAttempt } from '../src/outbox/record-attempt';
import { startSmtpTestServer, type SmtpTestServer } from './email/smtp-test-server';

jest.setTimeout(60_000);

describe('email delivery through SMTP', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let settings: EmailSettings;
  let transport: MailTransport;
  let manufacturerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpTestServer();
    settings = {
      ...readEmailSettings({ PRODUCTHUB_SMTP_URL: smtp.url, PRODUCTHUB_MAIL_FROM: 'no-reply@mail.producthub.example' }),
      maxAttempts: 3,
      retryBaseMs: 1,
      timeoutMs: 5_000,
      leaseMs: 20_000,
    };
    transport = createSmtpTransport({ ...settings, smtpUrl: smtp.url });
    manufacturerId = (await createManufacturer(t.db, 'Delta Devices', { email: 'office@delta.example' })).id;
    await emailDb(t.db)
      .insertInto('manufacturer_mail_settings')
      .values({
        manufacturer_id: manufacturerId,
        sender_name: 'Delta Support',
        reply_to: 'help@delta.example',
        logo_url: null,
        brand_color: null,
      })
      .execute();
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    smtp.arrived.length = 0;
    smtp.refuseRecipientWith(() => null);
    // Each test sees only its own mails.
    await emailDb(t.db).deleteFrom('email_outbox').execute();
  });

  const mail = (to: string, overrides: Partial<TemplatedEmail> = {}): TemplatedEmail => ({
    ...testEmail(manufacturerId, to, 'Delta Devices'),
    ...overrides,
  });
  const row = (id: string) =>
    emailDb(t.db).selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Makes a retried mail due now instead of after its backoff. */
  const dueNow = () => sql`UPDATE email_outbox SET next_attempt_at = now() WHERE status = 'pending'`.execute(t.db);

  it('delivers a transactional mail: From name and address, Reply-To, Message-ID, text and HTML parts, no List-Unsubscribe', async () => {
    const { id } = await sendTemplatedEmail(t.db, mail('buyer@example.com'));
    expect(await sendDueEmails(t.db, settings, transport)).toBe(1);

    expect(smtp.arrived).toHaveLength(1);
    const [{ envelope, parsed }] = smtp.arrived;
    expect(envelope).toEqual({ from: 'no-reply@mail.producthub.example', to: ['buyer@example.com'], smtpUtf8: false });
    expect(parsed.from?.value).toEqual([{ name: 'Delta Support', address: 'no-reply@mail.producthub.example' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'help@delta.example' }]);
    expect(parsed.subject).toBe('Test email from Delta Devices');
    expect(parsed.messageId).toBe(messageIdOf(id, settings.fromAddress));
    expect(parsed.text).toContain('This is a test email from Delta Devices, sent from ProductHub.');
    expect(parsed.html).toContain('This is a test email from Delta Devices');
    expect(smtp.arrived[0].raw).not.toMatch(/^List-Unsubscribe:/im);
    expect(parsed.headers.has('list')).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: expect.any(Date) });
  });

  it('gives a mail that is not transactional a List-Unsubscribe to the reply-to address', async () => {
    await sendTemplatedEmail(t.db, mail('news@example.com', { kind: 'email.newsletter', transactional: false }));
    await sendDueEmails(t.db, settings, transport);
    expect(smtp.arrived).toHaveLength(1);
    expect(smtp.arrived[0].raw).toMatch(
      /^List-Unsubscribe: <mailto:help@delta\.example\?subject=unsubscribe>\s*\(Unsubscribe\)\r?$/im,
    );
    expect(smtp.arrived[0].parsed.headers.get('list')).toEqual({
      unsubscribe: { mail: 'help@delta.example?subject=unsubscribe', name: 'Unsubscribe' },
    });
  });

  it('retries a temporary refusal with backoff, then delivers', async () => {
    let refusals = 1;
    smtp.refuseRecipientWith(() => (refusals-- > 0 ? { code: 451, message: 'Try again later' } : null));
    const { id } = await sendTemplatedEmail(t.db, mail('later@example.com'));
    await sendDueEmails(t.db, settings, transport);
    const afterRefusal = await row(id);
    expect(afterRefusal).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(afterRefusal.last_error).toMatch(/^451 /);
    expect(smtp.arrived).toHaveLength(0);

    await dueNow();
    await sendDueEmails(t.db, settings, transport);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.arrived.map((arrived) => arrived.envelope.to)).toEqual([['later@example.com']]);
  });

  it('ends a mail the server keeps refusing as failed after the max attempts, and sends it no more', async () => {
    smtp.refuseRecipientWith(() => ({ code: 550, message: 'No such user here' }));
    const { id } = await sendTemplatedEmail(t.db, mail('nobody@example.com'));
    for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
      expect(await sendDueEmails(t.db, settings, transport)).toBe(1);
      await dueNow();
    }
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: settings.maxAttempts, sent_at: null });
    expect(failed.last_error).toMatch(/^550 .*No such user here/);
    expect(await sendDueEmails(t.db, settings, transport)).toBe(0);
  });

  it('never sends one mail twice with two workers at once', async () => {
    const second: Db = createDatabase(t.databaseUrl, 4);
    const secondTransport = createSmtpTransport({ ...settings, smtpUrl: smtp.url });
    try {
      const ids: string[] = [];
      for (let n = 0; n < 40; n++) ids.push((await sendTemplatedEmail(t.db, mail(`many${n}@example.com`))).id);
      const work = async (db: Db, via: MailTransport) => {
        let claimed = 0;
        for (let count = 1; count > 0;) {
          count = await sendDueEmails(db, { ...settings, batchSize: 4 }, via);
          claimed += count;
        }
        return claimed;
      };
      const [first, other] = await Promise.all([work(t.db, transport), work(second, secondTransport)]);
      expect(first + other).toBe(40);
      expect(first).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);
      const messageIds = smtp.arrived.map((arrived) => arrived.parsed.messageId);
      expect(messageIds).toHaveLength(40);
      expect(new Set(messageIds).size).toBe(40);
      expect(new Set(messageIds)).toEqual(new Set(ids.map((id) => messageIdOf(id, settings.fromAddress))));
    } finally {
      secondTransport.close();
      await second.destroy();
    }
  });

  it('sends a mail whose worker died after claiming it once its lease ran out, and ignores the dead claim', async () => {
    const { id } = await sendTemplatedEmail(t.db, mail('orphan@example.com'));
    const shortLease = { ...settings, leaseMs: 200 };
    const [deadClaim] = await claimDueEmails(t.db, shortLease);
    expect(deadClaim).toMatchObject({ id, attempts: 1 });
    // Within the lease nobody else sees it.
    expect(await sendDueEmails(t.db, shortLease, transport)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sendDueEmails(t.db, shortLease, transport)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.arrived).toHaveLength(1);
    expect(smtp.arrived[0].parsed.messageId).toBe(messageIdOf(id, settings.fromAddress));
    // The dead worker's late outcome is not the current claim's: it changes nothing.
    await recordAttempt(t.db, 'email_outbox', shortLease, deadClaim, { error: 'a late failure' });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('sends to a UTF-8 local part with SMTPUTF8, and to an IDN domain with an ASCII local part as A-labels', async () => {
    await sendTemplatedEmail(t.db, mail('jörg@bücher.example'));
    await sendTemplatedEmail(t.db, mail('info@bücher.example'));
    await sendDueEmails(t.db, settings, transport);
    // smtp-server shows envelope domains in Unicode; the To header shows what went over the wire.
    const byRecipient = Object.fromEntries(smtp.arrived.map((arrived) => [arrived.envelope.to[0], arrived]));
    expect(Object.keys(byRecipient).sort()).toEqual(['info@bücher.example', 'jörg@bücher.example']);
    expect(byRecipient['jörg@bücher.example'].envelope.smtpUtf8).toBe(true);
    expect(byRecipient['jörg@bücher.example'].parsed.to).toMatchObject({ value: [{ address: 'jörg@bücher.example' }] });
    expect(byRecipient['info@bücher.example'].envelope.smtpUtf8).toBe(false);
    expect(byRecipient['info@bücher.example'].raw).toMatch(/^To: info@xn--bcher-kva\.example\r?$/im);
  });

  it('refuses an address that cannot receive mail before anything is written', async () => {
    await expect(sendTemplatedEmail(t.db, mail('"quoted"@example.com'))).rejects.toThrow(InvalidMailAddress);
    await expect(sendTemplatedEmail(t.db, mail('a@[127.0.0.1]'))).rejects.toThrow(
      "'a@[127.0.0.1]' does not have a valid domain after the @",
    );
    expect(await emailDb(t.db).selectFrom('email_outbox').selectAll().execute()).toEqual([]);
  });

  it('keeps mails without an SMTP server: kept, never sent, never retried', async () => {
    const { id } = await sendTemplatedEmail(t.db, mail('kept@example.com'));
    const keepSettings = readEmailSettings({});
    expect(await keepDueEmails(t.db, keepSettings)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'kept', attempts: 0, sent_at: null });
    expect(await keepDueEmails(t.db, keepSettings)).toBe(0);
    expect(await sendDueEmails(t.db, settings, transport)).toBe(0);
    expect(smtp.arrived).toHaveLength(0);
  });
  describe('a mail that carries a one-time secret', () => {
    const secretMail = (to: string) =>
      mail(to, {
        subject: 'Your code is 654321',
        body: createElement('p', null, 'Code 654321, link https://portal.example/sign-in?token=tok-SECRET'),
        secrets: ['654321', 'tok-SECRET'],
      });
    const shown = async (id: string) => findEmail(t.db, manufacturerId, Number(id));

    it('arrives whole, while staff see it masked; once sent only the masked copy stays in the outbox', async () => {
      const { id } = await sendTemplatedEmail(t.db, secretMail('buyer@example.com'));
      expect(await shown(id)).toMatchObject({ status: 'pending', subject: `Your code is ${MASKED_SECRET}` });
      expect((await shown(id))?.text).not.toMatch(/654321|tok-SECRET/);

      expect(await sendDueEmails(t.db, settings, transport)).toBe(1);
      const [{ parsed }] = smtp.arrived;
      expect(parsed.subject).toBe('Your code is 654321');
      expect(parsed.text).toContain('Code 654321, link https://portal.example/sign-in?token=tok-SECRET');

      const stored = await row(id);
      expect(stored.status).toBe('sent');
      for (const column of [stored.subject, stored.html, stored.text]) expect(column).not.toMatch(/654321|tok-SECRET/);
      expect(stored.text).toContain(`Code ${MASKED_SECRET}`);
    });

    it('forgets the secret when the mail fails for good', async () => {
      smtp.refuseRecipientWith(() => ({ code: 550, message: 'No such mailbox' }));
      const { id } = await sendTemplatedEmail(t.db, secretMail('gone@example.com'));
      for (let attempt = 0; attempt < settings.maxAttempts; attempt++) {
        await dueNow();
        await sendDueEmails(t.db, settings, transport);
      }
      const stored = await row(id);
      expect(stored.status).toBe('failed');
      for (const column of [stored.subject, stored.html, stored.text]) expect(column).not.toMatch(/654321|tok-SECRET/);
    });

    it('is kept whole without an SMTP server: it reached nobody else', async () => {
      const { id } = await sendTemplatedEmail(t.db, secretMail('kept@example.com'));
      await keepDueEmails(t.db, readEmailSettings({}));
      expect(await shown(id)).toMatchObject({ status: 'kept', subject: 'Your code is 654321' });
      expect((await shown(id))?.text).toContain('Code 654321');
    });
  });
});
