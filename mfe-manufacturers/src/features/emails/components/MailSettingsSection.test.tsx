import { screen, waitFor, within } from '@testing-library/react';
import type { EmailSummary, MailSettings } from 'shared-kit';
import { apiError, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { emailFixture } from '../../../shared/test-support/email-fixture';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { BRAND_COLOR_INVALID, LOGO_NOT_HTTPS } from './mail-settings-form';
import { SETTINGS_LOAD_FAILED, SETTINGS_SAVED } from './MailSettingsSection';

const SETTINGS = '/manufacturers/7/mail-settings';

const settingsFixture = (overrides: Partial<MailSettings> = {}): MailSettings => ({
  manufacturer_id: 7,
  sender_name: null,
  reply_to: null,
  logo_url: null,
  brand_color: null,
  default_sender_name: 'Aurora Audio',
  default_reply_to: 'hello@aurora-audio.example',
  updated_at: null,
  ...overrides,
});

const queuedEmail = (to: string): EmailSummary =>
  emailFixture({
    id: 41,
    to,
    kind: 'email.test',
    subject: 'Test email from Aurora Audio',
    status: 'pending',
    next_attempt_at: '2026-11-21T10:00:00.000Z',
  });

/** The manufacturer page's calls; the mail settings as the server keeps them. */
function mailServer(refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let settings = settingsFixture();
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path === '/manufacturers/7/webhook-endpoints') return { data: [] };
    refuse?.(call);
    if (call.path === SETTINGS && call.method === 'GET') return settings;
    if (call.path === SETTINGS && call.method === 'PUT') {
      settings = { ...settings, ...(call.body as Partial<MailSettings>), updated_at: '2026-11-21T10:00:00.000Z' };
      return settings;
    }
    if (call.path === '/manufacturers/7/emails/test' && call.method === 'POST')
      return queuedEmail((call.body as { to?: string }).to ?? 'staff@aurora-audio.example');
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

const open = (server: FakeApiServer, session = manufacturerSession) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session, server });
const section = async () => screen.findByRole('region', { name: 'Mail settings' });
const form = async () => within(await section()).findByRole('form', { name: 'Mail settings' });
const writes = (calls: RecordedApiCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

describe('the mail settings of a manufacturer', () => {
  it('shows the settings with their defaults as placeholders and links to the Emails log', async () => {
    open(mailServer());
    const fields = within(await form());
    expect(fields.getByRole('textbox', { name: 'Sender name' })).toHaveAttribute('placeholder', 'Aurora Audio');
    expect(fields.getByRole('textbox', { name: 'Reply-to email' })).toHaveAttribute(
      'placeholder',
      'hello@aurora-audio.example',
    );
    expect(within(await section()).getByRole('link', { name: 'Emails log' })).toHaveAttribute(
      'href',
      '/Home/Manufacturers/7/Emails',
    );
  });

  it('saves the settings, an empty field as null (the default), and says so', async () => {
    const { user, calls } = open(mailServer(), superuserSession);
    const fields = within(await form());
    await user.type(fields.getByRole('textbox', { name: 'Sender name' }), ' Aurora Support ');
    await user.type(fields.getByRole('textbox', { name: 'Brand colour' }), '#6D28D9');
    await user.click(fields.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText(SETTINGS_SAVED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['PUT', SETTINGS, { sender_name: 'Aurora Support', reply_to: null, logo_url: null, brand_color: '#6D28D9' }],
    ]);
  });

  it('refuses a logo that is not https and a colour that is not #rrggbb without asking the server', async () => {
    const { user, calls } = open(mailServer());
    const fields = within(await form());
    await user.type(fields.getByRole('textbox', { name: 'Logo URL' }), 'http://aurora.example/logo.png');
    await user.type(fields.getByRole('textbox', { name: 'Brand colour' }), 'purple');
    await user.click(fields.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText(LOGO_NOT_HTTPS)).toBeInTheDocument();
    expect(screen.getByText(BRAND_COLOR_INVALID)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal at the field it is about, focused", async () => {
    const message = "Reply-to email 'a@localhost' does not have a valid domain after the @.";
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'PUT') throw apiError(400, message);
    };
    const { user } = open(mailServer(refuse));
    const fields = within(await form());
    const replyTo = fields.getByRole('textbox', { name: 'Reply-to email' });
    await user.type(replyTo, 'a@localhost');
    await user.click(fields.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(replyTo).toHaveFocus());
  });

  it('sends a test email to the signed-in staff member, or to the address typed in', async () => {
    const { user, calls } = open(mailServer());
    const test = within(await within(await section()).findByRole('form', { name: 'Send test email' }));
    await user.click(test.getByRole('button', { name: 'Send test email' }));
    expect(
      await screen.findByText('Test email to staff@aurora-audio.example queued. It is in the Emails log.'),
    ).toBeInTheDocument();
    await user.type(test.getByRole('textbox', { name: 'Send to' }), 'jörg@bücher.example');
    await user.click(test.getByRole('button', { name: 'Send test email' }));
    expect(
      await screen.findByText('Test email to jörg@bücher.example queued. It is in the Emails log.'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['POST', '/manufacturers/7/emails/test', {}],
      ['POST', '/manufacturers/7/emails/test', { to: 'jörg@bücher.example' }],
    ]);
  });

  it('says why a test email was refused', async () => {
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'POST') throw apiError(429, 'At most 10 test emails an hour. Please try again later.');
    };
    const { user } = open(mailServer(refuse));
    const test = within(await within(await section()).findByRole('form', { name: 'Send test email' }));
    await user.click(test.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 10 test emails an hour. Please try again later.',
    );
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    let fail = true;
    const refuse = (call: RecordedApiCall) => {
      if (call.path === SETTINGS && fail) throw new Error('network down');
    };
    const { user } = open(mailServer(refuse));
    expect(await within(await section()).findByText(SETTINGS_LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(within(await section()).getByRole('button', { name: 'Retry' }));
    expect(await form()).toBeInTheDocument();
  });
});
