import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createManufacturer, createSystemUser, login } from './support/fixtures';
import { startMailDelivery, type MailDelivery } from './email/mail-delivery';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://console.example.com';
const NEW_PASSWORD = 'violet anchor quietly juggles';

describe('a staff invite travels by mail', () => {
  let t: TestApp;
  let mail: MailDelivery;
  let acme: number;
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    mail = await startMailDelivery();
    acme = (await createManufacturer(t.db, 'Acme Audio')).id;
    await createSystemUser(t.db, 'owner@acme.example', acme);
    await sql`UPDATE system_users SET staff_role = 'owner' WHERE email = 'owner@acme.example'`.execute(t.db);
    ownerToken = await login(t.app, 'owner@acme.example');
  });
  afterAll(async () => {
    await mail?.close();
    await t?.close();
  });

  it('arrives at the SMTP server with a one-time link that makes the invitee a member, signed in', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/manufacturers/${acme}/staff/invites`,
      headers: auth(ownerToken),
      payload: { email: 'agent@acme.example', role: 'support' },
    });
    expect(invited.statusCode).toBe(201);

    await mail.deliver(t.db);
    expect(mail.smtp.arrived).toHaveLength(1);
    const [arrived] = mail.smtp.arrived;
    expect(arrived!.envelope.to).toEqual(['agent@acme.example']);
    const text = arrived!.parsed.text ?? '';
    const html = typeof arrived!.parsed.html === 'string' ? arrived!.parsed.html : '';
    const link = new RegExp(`${PUBLIC_URL}/join#token=([A-Za-z0-9_-]+)`).exec(text);
    expect(link).not.toBeNull();
    // The same link in both parts of the mail.
    expect(html).toContain(link![0]);
    // Staff see the sent mail's masked copy in the Emails log: only the mailbox holds the way in.
    const kept = await sql<{ status: string; masked_text: string }>`
      SELECT status, masked_text FROM email_outbox WHERE kind = 'staff.invite'`.execute(t.db);
    expect(kept.rows[0]).toMatchObject({ status: 'sent' });
    expect(kept.rows[0]!.masked_text).not.toContain(link![1]);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff-invites/accept',
      payload: { token: link![1], password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    const session = accepted.json() as { token: string };
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/systemusers/me', headers: auth(session.token) });
    expect(me.json()).toMatchObject({ email: 'agent@acme.example', staff_role: 'support' });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff-invites/accept',
      payload: { token: link![1], password: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(400);
  });
});
