import { screen, within } from '@testing-library/react';
import type { Email } from 'shared-kit';
import { apiError, manufacturerSession, type FakeApiServer } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { emailFixture } from '../../../shared/test-support/email-fixture';
import { NO_SUCH_EMAIL } from './EmailPage';

const mail: Email = {
  ...emailFixture({
    id: 5,
    to: 'jörg@bücher.example',
    sender_name: 'Aurora Support',
    reply_to: 'support@aurora-audio.example',
  }),
  html: '<!DOCTYPE html><html><body><p>Your code is 123456</p><script>parent.alert(1)</script></body></html>',
  text: 'Your code is 123456\n\nAurora Audio',
};

const server: FakeApiServer = (call) => {
  if (call.method === 'GET' && call.path === '/manufacturers/7/emails/5') return mail;
  throw apiError(404, 'Email not found');
};

describe('one email of the log', () => {
  it('shows its headers, its plain text and its HTML in a sandboxed frame', async () => {
    renderArea({ entries: ['/Home/Manufacturers/7/Emails/5'], session: manufacturerSession, server });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your sign-in code' })).toBeInTheDocument();
    const headers = within(screen.getByRole('region', { name: 'Headers' }));
    expect(headers.getByText('Aurora Support')).toBeInTheDocument();
    expect(headers.getByText('support@aurora-audio.example')).toBeInTheDocument();
    expect(headers.getByText('jörg@bücher.example')).toBeInTheDocument();
    expect(headers.getByText('Kept (not sent)')).toBeInTheDocument();
    expect(headers.getByText('portal.sign-in-code (transactional)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Plain text' })).getByText(/Your code is 123456/),
    ).toBeInTheDocument();
    const frame = screen.getByTitle('The HTML of the email "Your sign-in code"');
    // An empty sandbox: no scripts, no forms, no same-origin access.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', mail.html);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Home/Manufacturers/7/Emails');
  });

  it('cannot show a mail that is not there (or is another manufacturer’s)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea({ entries: ['/Home/Manufacturers/7/Emails/99'], session: manufacturerSession, server });
    expect(await screen.findByText(NO_SUCH_EMAIL)).toBeInTheDocument();
  });

  it.each(['abc', '1.5'])('refuses the email id %s without asking the server', (id) => {
    const { calls } = renderArea({
      entries: [`/Home/Manufacturers/7/Emails/${id}`],
      session: manufacturerSession,
      server,
    });
    expect(screen.getByText(NO_SUCH_EMAIL)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
