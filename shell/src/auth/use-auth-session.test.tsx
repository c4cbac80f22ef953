import { act, screen, waitFor } from '@testing-library/react';
import { AUTH_STORAGE_KEY, useShellServices, type AuthSession } from 'shared-kit';
import {
  currentUserOf,
  deferred,
  installFakeFetch,
  manufacturerSession,
  resetBrowserState,
  signedInServer,
  renderPage,
  storeLogin,
  storedLogin,
  superuserSession,
  type FetchAnswer,
  type FakeFetchServer,
} from 'shared-kit/testing';
import { shellProviders } from '../test-support/shell-providers';
import { useAuth } from './auth-context';

/** Shows the session as the shell and the remotes see it, with the two actions a page can take. */
function SessionProbe() {
  const { session, checking, logout } = useAuth();
  const services = useShellServices();
  const state = checking
    ? 'Checking'
    : session
      ? `Signed in as ${session.manufacturer?.name ?? 'Super User'}`
      : 'Signed out';
  return (
    <>
      <p>{state}</p>
      <p>{`Remotes see ${services.session ? services.session.token : 'no session'}`}</p>
      <button type="button" onClick={() => void logout()}>
        Log Out
      </button>
      <button type="button" onClick={() => void services.api.get('/products').catch(() => undefined)}>
        Load products
      </button>
    </>
  );
}

function start(server: FakeFetchServer, storedSession?: AuthSession) {
  if (storedSession) storeLogin(storedSession);
  const calls = installFakeFetch(server);
  const { user } = renderPage(<SessionProbe />, { wrapper: shellProviders() });
  return { calls, user };
}

/** What another browser tab does: change storage, and this tab receives a `storage` event. */
function otherTabWrites(key: string | null, value: AuthSession | null) {
  act(() => {
    if (key === null) localStorage.clear();
    else if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value && JSON.stringify(value) }));
  });
}

describe('useAuthSession (through ShellProviders)', () => {
  beforeEach(resetBrowserState);

  it('starts signed out, without any call, when nothing is stored', async () => {
    const { calls } = start(signedInServer(manufacturerSession));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Remotes see no session')).toBeInTheDocument();
    await act(async () => undefined);
    expect(calls).toEqual([]);
  });

  it('checks a stored login at start-up with GET /systemusers/me and keeps it when valid', async () => {
    const me = deferred<FetchAnswer>();
    const { calls } = start(() => me.promise, manufacturerSession);

    expect(screen.getByText('Checking')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/systemusers/me',
      authorization: 'MSession manufacturer-token',
    });

    me.resolve({ status: 200, body: currentUserOf(manufacturerSession) });

    expect(await screen.findByText('Signed in as Aurora Audio')).toBeInTheDocument();
    expect(screen.getByText('Remotes see manufacturer-token')).toBeInTheDocument();
    // The check's role is kept with the login: what the console lets the member press follows it.
    expect(storedLogin()).toEqual({ ...manufacturerSession, staff_role: 'owner' });
  });

  it('takes the current manufacturer name from the check', async () => {
    const renamed = { id: 7, name: 'Aurora Audio GmbH' };
    start(
      () => ({ status: 200, body: { ...currentUserOf(manufacturerSession), manufacturer: renamed } }),
      manufacturerSession,
    );

    expect(await screen.findByText('Signed in as Aurora Audio GmbH')).toBeInTheDocument();
    expect(storedLogin()).toEqual({ ...manufacturerSession, manufacturer: renamed, staff_role: 'owner' });
  });

  it('clears a stored login that the check answers 401', async () => {
    start(() => ({ status: 401, body: { message: ['Session expired'] } }), manufacturerSession);

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Remotes see no session')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();
    expect(document.cookie).not.toContain('authorization=manufacturer-token');
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => ({ status: 503 })],
  ])('keeps the stored login when %s during the check', async (_, server: FakeFetchServer) => {
    start(server, superuserSession);

    expect(await screen.findByText('Signed in as Super User')).toBeInTheDocument();
    expect(storedLogin()).toEqual(superuserSession);
  });

  it('drops the session when any later call answers 401', async () => {
    const { user } = start(
      signedInServer(manufacturerSession, () => ({ status: 401 })),
      manufacturerSession,
    );
    await screen.findByText('Signed in as Aurora Audio');

    await user.click(screen.getByRole('button', { name: 'Load products' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();
  });

  it('mirrors a sign-out in another tab', async () => {
    start(signedInServer(manufacturerSession), manufacturerSession);
    await screen.findByText('Signed in as Aurora Audio');

    otherTabWrites(AUTH_STORAGE_KEY, null);

    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Remotes see no session')).toBeInTheDocument();
  });

  it('mirrors a sign-in in another tab', async () => {
    start(signedInServer(superuserSession));
    expect(screen.getByText('Signed out')).toBeInTheDocument();

    otherTabWrites(AUTH_STORAGE_KEY, superuserSession);

    expect(screen.getByText('Signed in as Super User')).toBeInTheDocument();
    expect(screen.getByText('Remotes see superuser-token')).toBeInTheDocument();
  });

  it('mirrors another tab clearing all storage', async () => {
    start(signedInServer(manufacturerSession), manufacturerSession);
    await screen.findByText('Signed in as Aurora Audio');

    otherTabWrites(null, null);

    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('logs out: clears storage and tells the server with POST /systemusers/logout', async () => {
    const { calls, user } = start(signedInServer(manufacturerSession), manufacturerSession);
    await screen.findByText('Signed in as Aurora Audio');

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();
    expect(document.cookie).not.toContain('authorization=manufacturer-token');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/systemusers/logout',
        body: undefined,
        authorization: 'MSession manufacturer-token',
      }),
    );
  });

  it('still signs out locally when the logout call fails', async () => {
    const { user } = start(signedInServer(manufacturerSession), manufacturerSession);
    await screen.findByText('Signed in as Aurora Audio');
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();
  });
});
