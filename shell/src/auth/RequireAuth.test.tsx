import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { useLocation, type Location } from 'react-router';
import { manufacturerSession, renderPage } from 'shared-kit/testing';
import { AuthContext, type AuthState } from './auth-context';
import { RequireAuth } from './RequireAuth';

/** Stands in for the sign-in page: tells where the visitor was sent from. */
function RootProbe() {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  return <p>{from ? `Sign in, coming from ${from.pathname}${from.search}` : 'Sign in'}</p>;
}

function renderGuarded(auth: Partial<AuthState>, initialEntry = '/Home/Users?page=3') {
  const value: AuthState = {
    session: null,
    checking: false,
    loggedOut: false,
    signIn: jest.fn(),
    logout: jest.fn(),
    ...auth,
  };
  const withAuth = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
  );
  return renderPage(
    [
      { path: '/', element: <RootProbe /> },
      {
        path: '/Home/*',
        element: (
          <RequireAuth>
            <p>Protected page</p>
          </RequireAuth>
        ),
      },
    ],
    { url: initialEntry, wrapper: withAuth },
  );
}

describe('RequireAuth', () => {
  it("shows 'Checking authentication...' and not the page while the stored login is checked", async () => {
    const { location } = renderGuarded({ checking: true, session: manufacturerSession });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/Home/Users');
  });

  it('sends an anonymous visitor to the root, remembering where they came from', async () => {
    const { location } = renderGuarded({ session: null });
    expect(await screen.findByText('Sign in, coming from /Home/Users?page=3')).toBeInTheDocument();
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('shows the page to a signed-in user', async () => {
    renderGuarded({ session: manufacturerSession });
    expect(await screen.findByText('Protected page')).toBeInTheDocument();
    expect(screen.queryByText('Checking authentication...')).not.toBeInTheDocument();
  });

  it('does not remember the page after a deliberate logout', async () => {
    renderGuarded({ session: null, loggedOut: true });
    expect(await screen.findByText('Sign in')).toBeInTheDocument();
  });
});
