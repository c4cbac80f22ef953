import { appForSuite } from './support/test-app';
import { auth, createTenants, tableDigest } from './support/fixtures';
import { sendTemplatedEmail } from '../src/email/send-templated-email';
import { testEmail } from '../src/email/templates/test-email';
import { keepDueEmails } from '../src/email/worker';
import { readEmailSettings } from '../src/email/settings';
import { TEST_EMAILS_PER_HOUR } from '../src/email/routes';

describe('the Emails log, mail settings and "Send test email"', () => {
  const suite = appForSuite((t) => createTenants(t.app, t.db));

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = suite.world.staffAToken) =>
    suite.t.app.inject({
      method,
      url: `/api/v1/manufacturers${url}`,
      headers: auth(token),
      payload: payload as object | undefined,
    });
  const a = () => `/${suite.world.manufacturerA.id}`;
  const noSettings = { sender_name: null, reply_to: null, logo_url: null, brand_color: null };

  it('answers the mail settings with their defaults: the manufacturer name and email', async () => {
    const response = await call('GET', `${a()}/mail-settings`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      manufacturer_id: suite.world.manufacturerA.id,
      ...noSettings,
      default_sender_name: 'Alpha Audio',
      default_reply_to: 'alpha@example.com',
      updated_at: null,
    });
  });

  it('sets and clears the mail settings, normalising them, and audits the change', async () => {
    const put = await call('PUT', `${a()}/mail-settings`, {
      sender_name: ' Alpha Support ',
      reply_to: 'Help@Bücher.example',
      logo_url: 'https://alpha.example/logo.png',
      brand_color: '#AA3300',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      sender_name: 'Alpha Support',
      reply_to: 'Help@xn--bcher-kva.example',
      logo_url: 'https://alpha.example/logo.png',
      brand_color: '#aa3300',
      updated_at: expect.any(String),
    });
    expect((await call('GET', `${a()}/mail-settings`)).json()).toMatchObject({ sender_name: 'Alpha Support' });

    const mail = await sendTemplatedEmail(
      suite.t.db,
      testEmail(suite.world.manufacturerA.id, 'buyer@example.com', 'Alpha Audio'),
    );
    const written = (await call('GET', `${a()}/emails/${mail.id}`)).json();
    expect(written).toMatchObject({ sender_name: 'Alpha Support', reply_to: 'Help@xn--bcher-kva.example' });
    expect(written.html).toContain('https://alpha.example/logo.png');

    const audit = await suite.t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'mail_settings.update')
      .execute();
    expect(audit).toHaveLength(1);
    const cleared = await call('PUT', `${a()}/mail-settings`, noSettings);
    expect(cleared.json()).toMatchObject(noSettings);
  });

  it.each([
    [{ ...noSettings, reply_to: 'not an address' }, 'Reply-to email is not a mail address (name@domain).'],
    [{ ...noSettings, reply_to: 'a@localhost' }, 'Reply-to email does not have a valid domain after the @.'],
    [{ ...noSettings, logo_url: 'http://alpha.example/logo.png' }, 'Logo URL must be an https:// address.'],
    [{ ...noSettings, logo_url: 'javascript:alert(1)' }, 'Logo URL must be an https:// address.'],
    [{ ...noSettings, brand_color: 'red' }, 'Brand colour must be #rrggbb, e.g. #1f4f99.'],
    [{ ...noSettings, sender_name: 'Alpha\u0007' }, 'Sender name cannot hold control characters.'],
  ])('refuses bad settings %j with a clear 400, changing nothing', async (body, message) => {
    const before = await tableDigest(suite.t.db, 'manufacturer_mail_settings');
    const response = await call('PUT', `${a()}/mail-settings`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: [message] });
    expect(await tableDigest(suite.t.db, 'manufacturer_mail_settings')).toBe(before);
  });

  it('lists the log newest first, paged, filtered by status, kind and part of the recipient; one mail has its HTML and text', async () => {
    const ids: number[] = [];
    for (const to of ['first@example.com', 'second@example.com', 'THIRD@shop.example']) {
      ids.push(
        Number(
          (
            await sendTemplatedEmail(suite.t.db, {
              ...testEmail(suite.world.manufacturerA.id, to, 'Alpha Audio'),
              kind: 'portal.sign-in-code',
            })
          ).id,
        ),
      );
    }
    await keepDueEmails(suite.t.db, readEmailSettings({}));
    await sendTemplatedEmail(suite.t.db, {
      ...testEmail(suite.world.manufacturerA.id, 'pending@example.com', 'Alpha Audio'),
      kind: 'portal.sign-in-code',
    });

    const kind = (await call('GET', `${a()}/emails?kind=portal.sign-in-code&per_page=2`)).json();
    expect(kind.pagination).toEqual({
      records: { total: 4, per_page: 2 },
      pages: { current: 1, previous: null, next: 2, last: 2 },
    });
    expect(kind.data.map((mail: { to: string }) => mail.to)).toEqual(['pending@example.com', 'THIRD@shop.example']);
    expect(kind.data[0]).not.toHaveProperty('html');

    const kept = (await call('GET', `${a()}/emails?kind=portal.sign-in-code&status=kept`)).json();
    expect(kept.data.map((mail: { id: number }) => mail.id)).toEqual([...ids].reverse());
    expect(kept.data[0]).toMatchObject({
      status: 'kept',
      next_attempt_at: null,
      kind: 'portal.sign-in-code',
      transactional: true,
      subject: 'Test email from Alpha Audio',
    });

    const search = (await call('GET', `${a()}/emails?recipient=third@SHOP`)).json();
    expect(search.data.map((mail: { to: string }) => mail.to)).toEqual(['THIRD@shop.example']);
    expect((await call('GET', `${a()}/emails?recipient=${encodeURIComponent('%')}`)).json().data).toEqual([]);

    const one = await call('GET', `${a()}/emails/${ids[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ids[0], to: 'first@example.com', status: 'kept' });
    expect(one.json().html).toMatch(/^<!DOCTYPE html/);
    expect(one.json().text).toContain('This is a test email from Alpha Audio');
  });

  it('keeps tenants apart: staff of another manufacturer get 404 for the log, one mail and the settings', async () => {
    const { id } = await sendTemplatedEmail(
      suite.t.db,
      testEmail(suite.world.manufacturerA.id, 'private@example.com', 'Alpha Audio'),
    );
    for (const url of [`${a()}/emails`, `${a()}/emails/${id}`, `${a()}/mail-settings`]) {
      const response = await call('GET', url, undefined, suite.world.staffBToken);
      expect(response.statusCode).toBe(404);
    }
    // B's own log does not hold A's mail, even by id.
    expect(
      (await call('GET', `/${suite.world.manufacturerB.id}/emails/${id}`, undefined, suite.world.staffBToken))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `${a()}/emails/${id}`, undefined, suite.world.superToken)).statusCode).toBe(200);
  });

  it('sends a test email to the signed-in staff member, or to an address given (UTF-8 too); refuses a bad one', async () => {
    const own = await call('POST', `${a()}/emails/test`, {});
    expect(own.statusCode).toBe(202);
    expect(own.json()).toMatchObject({
      to: 'staff@alpha.example',
      kind: 'email.test',
      status: 'pending',
      subject: 'Test email from Alpha Audio',
    });

    const utf8 = await call('POST', `${a()}/emails/test`, { to: 'jörg@bücher.example' });
    expect(utf8.statusCode).toBe(202);
    expect(utf8.json().to).toBe('jörg@bücher.example');

    const before = await tableDigest(suite.t.db, 'email_outbox');
    for (const [to, reason] of [
      ['"quoted"@example.com', 'has a quoted local part, which is not accepted'],
      ['user@', 'is not a mail address (name@domain)'],
      ['user@-bad-.example', 'does not have a valid domain after the @'],
    ]) {
      const response = await call('POST', `${a()}/emails/test`, { to });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: [`To: '${to}' ${reason}.`] });
    }
    expect(await tableDigest(suite.t.db, 'email_outbox')).toBe(before);
  });

  it(`limits test emails to ${TEST_EMAILS_PER_HOUR} an hour per manufacturer`, async () => {
    let sent = 0;
    let answer = 202;
    while (answer === 202 && sent < TEST_EMAILS_PER_HOUR + 1) {
      answer = (await call('POST', `/${suite.world.manufacturerB.id}/emails/test`, {}, suite.world.staffBToken))
        .statusCode;
      if (answer === 202) sent++;
    }
    expect(sent).toBe(TEST_EMAILS_PER_HOUR);
    const refused = await call('POST', `/${suite.world.manufacturerB.id}/emails/test`, {}, suite.world.staffBToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: [`At most ${TEST_EMAILS_PER_HOUR} test emails an hour. Please try again later.`],
    });
    // Retry-After: when the oldest of the hour's test emails leaves it, not a second from now.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
  });
});
