import { screen, within } from '@testing-library/react';
import { ApiError, type PortalSettings } from 'shared-kit';
import { apiError, type FakeApiServer, type RecordedApiCall as RecordedCall } from 'shared-kit/testing';
import { renderUserDetails } from '../render-user-details';
import { BETA, RELEASE, userDetails } from '../test-data';
import { PORTAL_OFF_REASON, SEND_LINK_LABEL } from './SendPortalSignInLink';

const LINK = '/users/1/portal-sign-in-link';
const PORTAL_URL = 'http://127.0.0.1:8080/portal/aurora-audio/';
const OFF_MESSAGE = 'The portal is switched off: switch it on in the portal settings before sending a sign-in link.';

function renderLinkAction({
  enabled = true,
  onSend,
}: { enabled?: boolean | 'unknown'; onSend?: (call: RecordedCall) => unknown } = {}) {
  const settings = (): PortalSettings => {
    if (enabled === 'unknown') throw new ApiError(0, ['The server could not be reached.']);
    return { slug: 'aurora-audio', enabled, portal_url: PORTAL_URL };
  };
  const server: FakeApiServer = (call) => {
    if (call.method === 'GET' && call.path === '/users/1') return userDetails();
    if (call.method === 'GET' && call.path === '/manufacturers/7/channels') return [RELEASE, BETA];
    if (call.method === 'GET' && call.path === '/manufacturers/7/portal-settings') return settings();
    if (call.method === 'POST' && call.path === LINK)
      return onSend ? onSend(call) : { sent_to: 'ada@listener.example', expires_at: '2026-11-25T10:10:00.000Z' };
    if (call.path === '/audit-events')
      return {
        data: [],
        pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
      };
    throw new ApiError(404, ['Not found']);
  };
  return renderUserDetails(server);
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

describe('Send portal sign-in link', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('mails the user a sign-in link after a confirmation naming the address and the portal, and says so', async () => {
    const { user, calls } = renderLinkAction();
    await user.click(await screen.findByRole('button', { name: SEND_LINK_LABEL }));
    const dialog = screen.getByRole('dialog', { name: 'Send portal sign-in link' });
    expect(dialog).toHaveTextContent(
      `Mail ada@listener.example a sign-in code and link to the customer portal at ${PORTAL_URL}?`,
    );
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(/^Sign-in link sent to ada@listener\.example\. Its code works until .*2026.*\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([[LINK, undefined]]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, calls } = renderLinkAction();
    await user.click(await screen.findByRole('button', { name: SEND_LINK_LABEL }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Send portal sign-in link' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("says why the link was not sent, in the server's words", async () => {
    const { user } = renderLinkAction({
      onSend: () => {
        throw apiError(409, OFF_MESSAGE);
      },
    });
    await user.click(await screen.findByRole('button', { name: SEND_LINK_LABEL }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Send portal sign-in link' })).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(OFF_MESSAGE);
    expect(screen.queryByText(/^Sign-in link sent/)).not.toBeInTheDocument();
  });

  it('is disabled, with the reason beside it, while the portal is switched off', async () => {
    renderLinkAction({ enabled: false });
    const button = await screen.findByRole('button', { name: SEND_LINK_LABEL, description: PORTAL_OFF_REASON });
    expect(button).toBeDisabled();
    expect(screen.getByText(PORTAL_OFF_REASON)).toBeInTheDocument();
  });

  it('stays available when the portal settings cannot be read (the server decides), naming no portal address', async () => {
    const { user } = renderLinkAction({ enabled: 'unknown' });
    const button = await screen.findByRole('button', { name: SEND_LINK_LABEL });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Send portal sign-in link' })).toHaveTextContent(
      'Mail ada@listener.example a sign-in code and link to the customer portal? They work once',
    );
  });
});
