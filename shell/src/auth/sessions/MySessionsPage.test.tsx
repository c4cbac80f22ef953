import { screen, within } from '@testing-library/react';
import type { StaffSession } from 'shared-kit';
import { apiError, notFound, renderPage, type RecordedApiCall } from 'shared-kit/testing';
import { MySessionsPage } from './MySessionsPage';
import { deviceName } from './device-name';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const session = (id: number, userAgent: string | null, current = false): StaffSession => ({
  id,
  user_agent: userAgent,
  address: `203.0.113.${id}`,
  signed_in_at: '2026-11-26T07:00:00.000Z',
  last_used_at: '2026-11-26T07:30:00.000Z',
  current,
});

/** A server holding the sessions; DELETEs end them as the real one does (never the current one). */
function sessionServer(initial: StaffSession[]) {
  let sessions = [...initial];
  return (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/systemusers/me/sessions') return { data: sessions };
    if (call.method === 'DELETE' && call.path === '/systemusers/me/sessions') {
      const ended = sessions.filter((item) => !item.current).length;
      sessions = sessions.filter((item) => item.current);
      return { ended };
    }
    const one = call.path.match(/^\/systemusers\/me\/sessions\/(\d+)$/);
    if (call.method === 'DELETE' && one) {
      const id = Number(one[1]);
      if (sessions.find((item) => item.id === id)?.current)
        throw apiError(409, 'This is the session you are using now.');
      sessions = sessions.filter((item) => item.id !== id);
      return undefined;
    }
    return notFound(call);
  };
}

describe('device names', () => {
  it('names browser and system in words, and falls back to the text or "Unknown device"', () => {
    expect(deviceName(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceName('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceName(null)).toBe('Unknown device');
  });
});

describe('My sessions', () => {
  it('lists the sessions with device, address and times, marks this device and offers no sign-out for it', async () => {
    renderPage(<MySessionsPage />, {
      server: sessionServer([session(1, FIREFOX_LINUX, true), session(2, SAFARI_IPHONE)]),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(items[0]).getByText(/This device/)).toBeInTheDocument();
    expect(within(items[0]).getByText('Address: 203.0.113.1')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button')).toBeNull();
    expect(within(items[1]).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: /Sign out Safari on iOS/ })).toBeEnabled();
  });

  it('ends one session and shows the list without it', async () => {
    const { user, calls } = renderPage(<MySessionsPage />, {
      server: sessionServer([session(1, FIREFOX_LINUX, true), session(2, SAFARI_IPHONE)]),
    });
    await user.click(await screen.findByRole('button', { name: /Sign out Safari on iOS/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out of Safari on iOS.');
    expect(calls).toContainEqual({ method: 'DELETE', path: '/systemusers/me/sessions/2' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });

  it('signs out all other sessions, then has nothing more to end', async () => {
    const { user } = renderPage(<MySessionsPage />, {
      server: sessionServer([session(1, FIREFOX_LINUX, true), session(2, SAFARI_IPHONE), session(3, null)]),
    });
    const all = await screen.findByRole('button', { name: 'Sign out all other sessions' });
    await screen.findByText('Unknown device');
    await user.click(all);
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out of 2 other sessions.');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    renderPage(<MySessionsPage />, {
      server: () => {
        throw apiError(503, 'The database is not reachable right now.');
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable right now.');
  });
});
