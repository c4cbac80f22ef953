import { DEMO_LOGINS } from '../src/seed/demo-logins';
import { appForSuite } from './support/test-app';
import { demoStaffSession, seedDemo } from './support/demo-fixtures';
import { auth } from './support/fixtures';

jest.setTimeout(60_000);

describe('the demo data: mail settings and an Emails log of kept mails', () => {
  const suite = appForSuite(seedDemo);

  async function mailOf(staff: (typeof DEMO_LOGINS)[number]) {
    const { token, manufacturerPath: base } = await demoStaffSession(suite.t, staff);
    const settings = (
      await suite.t.app.inject({ method: 'GET', url: `${base}/mail-settings`, headers: auth(token) })
    ).json();
    const log = (await suite.t.app.inject({ method: 'GET', url: `${base}/emails`, headers: auth(token) })).json();
    const first = (
      await suite.t.app.inject({ method: 'GET', url: `${base}/emails/${log.data[0].id}`, headers: auth(token) })
    ).json();
    return { settings, log, first };
  }

  it('gives Aurora Audio its own sender name, reply-to and colour, and two kept test mails rendered with them, newest first', async () => {
    const { settings, log, first } = await mailOf(DEMO_LOGINS[1]);
    expect(settings).toMatchObject({
      sender_name: 'Aurora Audio Support',
      reply_to: 'support@aurora-audio.example',
      brand_color: '#6d28d9',
      default_sender_name: 'Aurora Audio',
    });
    const mails = log.data.map((mail: { to: string; status: string }) => [mail.to, mail.status]);
    // Newest first: the two test mails, then the mails the demo's orders and redeemed serials wrote to buyers.
    expect(mails.slice(0, 2)).toEqual([
      ['releases@aurora-audio.example', 'kept'],
      ['staff@aurora-audio.example', 'kept'],
    ]);
    expect(mails.slice(2).every(([, status]: string[]) => status === 'kept')).toBe(true);
    expect(first).toMatchObject({
      kind: 'email.test',
      sender_name: 'Aurora Audio Support',
      reply_to: 'support@aurora-audio.example',
      attempts: 0,
    });
    expect(first.html).toContain('#6d28d9');
    expect(first.text).toContain('This is a test email from Aurora Audio');
  });

  it('gives Nimbus Instruments the defaults (its name and email) and one kept mail', async () => {
    const { settings, log, first } = await mailOf(DEMO_LOGINS[2]);
    expect(settings).toMatchObject({
      sender_name: null,
      reply_to: null,
      default_sender_name: 'Nimbus Instruments',
      default_reply_to: 'contact@nimbus-instruments.example',
    });
    expect(log.pagination.records.total).toBe(1);
    expect(first).toMatchObject({
      to: 'staff@nimbus-instruments.example',
      sender_name: 'Nimbus Instruments',
      reply_to: 'contact@nimbus-instruments.example',
      status: 'kept',
    });
  });
});
