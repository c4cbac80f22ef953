import { screen, waitFor, within } from '@testing-library/react';
import type { InitialEntry, RouteObject } from 'react-router';
import type { AuthSession } from 'shared-kit';
import {
  CurrentLocation,
  deferred,
  installFakeFetch,
  manufacturerSession,
  resetBrowserState,
  signedInServer,
  storedLogin,
  type FetchAnswer,
} from 'shared-kit/testing';
import { renderShell } from '../test-support/render-shell';
import { SignInPage } from './SignInPage';

const routes: RouteObject[] = [
  { path: '/', element: <SignInPage /> },
  { path: '/join', element: <SignInPage /> },
  { path: '/Home/*', element: <CurrentLocation label="Signed in at" /> },
];

function renderSignIn(initialEntries: InitialEntry[] = ['/'], storedSession?: AuthSession, environment?: string) {
  return renderShell(routes, {
    url: initialEntries,
    signedIn: storedSession,
    config: environment === undefined ? undefined : { version: '2.4.0', environment },
  });
}

async function fillAndSubmit(user: ReturnType<typeof renderSignIn>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'anna@aurora.example');
  await user.type(screen.getByLabelText('Password'), 's3cret!');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInPage', () => {
  beforeEach(resetBrowserState);

  it('asks for an email and a password', async () => {
    installFakeFetch(() => ({ status: 404 }));
    renderSignIn();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the version and the environment in the footer, production marked in red (docs/console.md, Layout and navigation)', async () => {
    installFakeFetch(() => ({ status: 404 }));
    renderSignIn(['/'], undefined, 'production');

    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('ProductHub 2.4.0');
    expect(within(footer).getByText('production')).toHaveAttribute('data-production', 'true');
  });

  it("reads 'Signing In...' while the login call is pending, then stores the login and goes to /Home", async () => {
    const login = deferred<FetchAnswer>();
    const calls = installFakeFetch((call) => (call.path === '/systemusers/login' ? login.promise : { status: 404 }));
    const { user } = renderSignIn();

    await fillAndSubmit(user);

    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/systemusers/login',
        body: { email: 'anna@aurora.example', password: 's3cret!' },
        authorization: null,
      },
    ]);
    expect(storedLogin()).toBeNull();

    login.resolve({ status: 200, body: manufacturerSession });

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(storedLogin()).toEqual(manufacturerSession);
  });

  it('asks for the second factor where one is enrolled: a wrong code in plain words in the form, then a recovery code signs in', async () => {
    const secondStep = {
      second_factor_required: true,
      pending_token: 'pending-1',
      expires_at: '2030-01-01T00:00:00Z',
      methods: ['totp', 'recovery_code'],
    };
    const calls = installFakeFetch((call) => {
      if (call.path === '/systemusers/login') return { status: 200, body: secondStep };
      const body = call.body as { code?: string; recovery_code?: string };
      if (body.code) return { status: 401, body: { message: ['That code is not right.'] } };
      return { status: 200, body: manufacturerSession };
    });
    const { user } = renderSignIn();
    await fillAndSubmit(user);

    const code = await screen.findByRole('textbox', { name: 'Code from your authenticator app' });
    expect(storedLogin()).toBeNull();
    await user.type(code, '123456');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(storedLogin()).toEqual(manufacturerSession);
    expect(calls.slice(1).map((call) => call.body)).toEqual([
      { pending_token: 'pending-1', code: '123456' },
      { pending_token: 'pending-1', recovery_code: 'abcde-fghjk' },
    ]);
  });

  it('leads a user without a factor through setting up an app where one is required: recovery codes shown once, then /Home', async () => {
    const enrolment = {
      enrolment_required: true,
      pending_token: 'pending-2',
      expires_at: '2030-01-01T00:00:00Z',
      methods: ['totp', 'passkey'],
    };
    const calls = installFakeFetch((call) => {
      if (call.path === '/systemusers/login') return { status: 200, body: enrolment };
      if (call.path === '/systemusers/login/enrolment/totp')
        return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg/>' } };
      const body = call.body as { code: string };
      if (body.code === '111111') return { status: 400, body: { message: ['That code is not right.'] } };
      return { status: 200, body: { ...manufacturerSession, recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
    });
    const { user } = renderSignIn();
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByLabelText('Setup key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const code = screen.getByRole('textbox', { name: 'Code from your authenticator app' });
    await user.type(code, '111111');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('aaaaa-bbbbb');
    expect(storedLogin()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(storedLogin()).toEqual(manufacturerSession);
    expect(calls.slice(1).map((call) => [call.path, call.body])).toEqual([
      ['/systemusers/login/enrolment/totp', { pending_token: 'pending-2' }],
      ['/systemusers/login/enrolment/totp/confirm', { pending_token: 'pending-2', code: '111111' }],
      ['/systemusers/login/enrolment/totp/confirm', { pending_token: 'pending-2', code: '222222' }],
      // Signed in: the user's role is read, as after any sign-in.
      ['/systemusers/me', undefined],
    ]);
  });

  it('returns the user to the /Home page they came from, with its query', async () => {
    installFakeFetch(() => ({ status: 200, body: manufacturerSession }));
    const from = { pathname: '/Home/Users', search: '?page=2', hash: '' };
    const { user } = renderSignIn([{ pathname: '/', state: { from } }]);

    await fillAndSubmit(user);

    expect(await screen.findByText('Signed in at /Home/Users?page=2')).toBeInTheDocument();
  });

  it('goes to /Home when the remembered origin is not a /Home page', async () => {
    installFakeFetch(() => ({ status: 200, body: manufacturerSession }));
    const { user } = renderSignIn([
      { pathname: '/', state: { from: { pathname: '/elsewhere', search: '', hash: '' } } },
    ]);

    await fillAndSubmit(user);

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
  });

  it("shows the server's first message in the error modal when the login fails", async () => {
    installFakeFetch(() => ({ status: 401, body: { message: ['Invalid email or password', 'second'] } }));
    const { user } = renderSignIn();

    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'An Error Occurred:' });
    expect(dialog).toHaveTextContent('Invalid email or password');
    expect(dialog).not.toHaveTextContent('second');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(storedLogin()).toBeNull();
    expect(screen.queryByText(/Signed in at/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['no body', { status: 500 }],
    ['an empty message list', { status: 401, body: { message: [] } }],
  ])("shows 'Login failed. Please try again.' when the failed answer has %s", async (_, answer: FetchAnswer) => {
    installFakeFetch(() => answer);
    const { user } = renderSignIn();

    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'An Error Occurred:' });
    expect(dialog).toHaveTextContent('Login failed. Please try again.');
  });

  it("shows 'Login failed. Please try again.' when the server cannot be reached", async () => {
    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderSignIn();

    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'An Error Occurred:' });
    expect(dialog).toHaveTextContent('Login failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('sends an already signed-in visitor on to /Home', async () => {
    const calls = installFakeFetch(signedInServer(manufacturerSession));
    renderSignIn(['/'], manufacturerSession);

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/systemusers/me']));
  });

  it("lets an invitee choose a password from the invite link, shows the server's refusal, then signs them in", async () => {
    const calls = installFakeFetch(
      signedInServer(manufacturerSession, (call) => {
        if (call.path !== '/staff-invites/accept') return { status: 404 };
        const { password } = call.body as { password: string };
        if (password === 'short')
          return { status: 400, body: { message: ['The password must be at least 12 characters long.'] } };
        return { status: 200, body: manufacturerSession };
      }),
    );
    const { user } = renderSignIn(['/join#token=invite-token-1']);

    const newPassword = await screen.findByLabelText('New password');
    expect(newPassword).toHaveAttribute('autocomplete', 'new-password');
    await user.type(newPassword, 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('The two passwords differ. Type the same password twice.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('The password must be at least 12 characters long.')).toBeInTheDocument();
    expect(storedLogin()).toBeNull();

    for (const label of ['New password', 'Repeat the password']) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'a long enough passphrase');
    }
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/staff-invites/accept', { token: 'invite-token-1', password: 'short' }],
      ['/staff-invites/accept', { token: 'invite-token-1', password: 'a long enough passphrase' }],
      ['/systemusers/me', undefined],
    ]);
  });

  it('shows the invite to someone signed in, who is signed out of that account before the invite is accepted', async () => {
    const joined: AuthSession = { ...manufacturerSession, token: 'joined-token' };
    const calls = installFakeFetch(
      signedInServer(manufacturerSession, (call) =>
        call.path === '/staff-invites/accept' ? { status: 200, body: joined } : { status: 404 },
      ),
    );
    const { user } = renderSignIn(['/join#token=invite-token-2'], manufacturerSession);

    expect(
      await screen.findByText(
        'You are signed in as someone@example.com. Accepting this invite signs you out of that account first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the console' })).toHaveAttribute('href', '/Home');
    for (const label of ['New password', 'Repeat the password'])
      await user.type(screen.getByLabelText(label), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));

    expect(await screen.findByText('Signed in at /Home')).toBeInTheDocument();
    expect(storedLogin()).toMatchObject(joined);
    const afterStart = calls.filter((call) => call.path !== '/systemusers/me');
    expect(afterStart.map((call) => [call.path, call.authorization])).toEqual([
      ['/systemusers/logout', 'MSession manufacturer-token'],
      ['/staff-invites/accept', null],
    ]);
  });

  it('shows the plain sign-in at /join without a token', async () => {
    installFakeFetch(() => ({ status: 404 }));
    renderSignIn(['/join']);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
