import { createTestApp, type TestApp } from './support/test-app';
import { createManufacturer } from './support/fixtures';
import { sendTemplatedEmail } from '../src/email/send-templated-email';
import { testEmail } from '../src/email/templates/test-email';
import { emailDb } from '../src/email/tables';

describe('email outbox: sendTemplatedEmail', () => {
  let t: TestApp;
  let manufacturerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manufacturerId = (await createManufacturer(t.db, 'Gamma Synths', { email: 'support@gamma.example' })).id;
  });
  afterAll(() => t.close());

  const outbox = () => emailDb(t.db).selectFrom('email_outbox').selectAll();

  it('writes the rendered mail (HTML and text) to the outbox, pending, with the sender name and reply-to', async () => {
    const { id } = await sendTemplatedEmail(t.db, testEmail(manufacturerId, 'buyer@example.com', 'Gamma Synths'));
    const row = await outbox().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      manufacturer_id: manufacturerId,
      to_address: 'buyer@example.com',
      kind: 'email.test',
      subject: 'Test email from Gamma Synths',
      sender_name: 'Gamma Synths',
      reply_to: 'support@gamma.example',
      transactional: true,
      status: 'pending',
      attempts: 0,
      sent_at: null,
    });
    expect(row.html).toMatch(/^<!DOCTYPE html/);
    expect(row.html).toContain('This is a test email from Gamma Synths');
    expect(row.html).toContain('Your ProductHub mail settings work.');
    expect(row.text).toContain('This is a test email from Gamma Synths, sent from ProductHub.');
    expect(row.text).not.toMatch(/<[a-z]/i);
  });

  it('takes the mail settings: sender name, reply-to, logo and colour', async () => {
    await emailDb(t.db)
      .insertInto('manufacturer_mail_settings')
      .values({
        manufacturer_id: manufacturerId,
        sender_name: 'Gamma Support',
        reply_to: 'help@gamma.example',
        logo_url: 'https://gamma.example/logo.png',
        brand_color: '#aa3300',
      })
      .execute();
    const { id } = await sendTemplatedEmail(t.db, testEmail(manufacturerId, 'buyer@example.com', 'Gamma Synths'));
    const row = await outbox().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sender_name: 'Gamma Support', reply_to: 'help@gamma.example' });
    expect(row.html).toContain('https://gamma.example/logo.png');
    expect(row.html).toContain('#aa3300');
  });

  it('is written in the caller transaction: a rolled-back change leaves no mail', async () => {
    const before = await outbox().execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendTemplatedEmail(trx, testEmail(manufacturerId, 'rolled-back@example.com', 'Gamma Synths'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await outbox().execute();
    expect(after).toHaveLength(before.length);
    expect(after.some((row) => row.to_address === 'rolled-back@example.com')).toBe(false);
  });
});
