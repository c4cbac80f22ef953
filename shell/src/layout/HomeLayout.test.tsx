import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import type { AuthSession } from 'shared-kit';
import { RequireAuth } from '../auth/RequireAuth';
import {
  CurrentLocation,
  manufacturerSession,
  resetBrowserState,
  signedInServer,
  storedLogin,
  superuserSession,
} from 'shared-kit/testing';
import { renderShell } from '../test-support/render-shell';
import { HomeLayout } from './HomeLayout';

function SignedOutPage() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from?.pathname ?? 'nowhere';
  return (
    <>
      <CurrentLocation label="Signed out at" />
      <p>Will return to {from}</p>
    </>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <SignedOutPage /> },
  {
    path: '/Home',
    element: (
      <RequireAuth>
        <HomeLayout />
      </RequireAuth>
    ),
    children: [{ path: '*', element: <CurrentLocation label="Page at" /> }],
  },
];

function renderHome(session: AuthSession, environment = 'staging', path = '/Home/Dashboard') {
  return renderShell(routes, {
    url: path,
    signedIn: session,
    server: signedInServer(session),
    config: { environment },
  });
}

function navigationLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('HomeLayout', () => {
  beforeEach(resetBrowserState);

  it('gives a manufacturer user Dashboard, My Products and Users, the manufacturer name and Log Out', async () => {
    renderHome(manufacturerSession);

    expect(await screen.findByText('Page at /Home/Dashboard')).toBeInTheDocument();
    expect(screen.getByText('ProductHub')).toBeInTheDocument();
    expect(navigationLinks()).toEqual([
      ['Dashboard', '/Home/Dashboard'],
      ['My Products', '/Home/MyProducts'],
      ['Users', '/Home/Users'],
    ]);
    expect(screen.getByRole('button', { name: /Aurora Audio/ })).toHaveTextContent('Aurora Audio');
    expect(screen.queryByText('Super User')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it("opens Manufacturer Details (/Home/MyDetails) from the manufacturer's profile menu", async () => {
    const { user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');
    expect(screen.queryByRole('menuitem', { name: 'Manufacturer Details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Aurora Audio/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manufacturer Details' }));

    expect(await screen.findByText('Page at /Home/MyDetails')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('leaves the page visible to assistive technology while the profile menu is open, and Escape closes it', async () => {
    const { user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');
    await user.click(screen.getByRole('button', { name: /Aurora Audio/ }));
    expect(await screen.findByRole('menuitem', { name: 'Manufacturer Details' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' }).closest('[aria-hidden="true"]')).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Aurora Audio/ })).toHaveFocus();
  });

  it('gives a superuser Dashboard and Manufacturers, the label Super User and a profile menu with My sessions and Security only', async () => {
    const { user } = renderHome(superuserSession);

    expect(await screen.findByText('Page at /Home/Dashboard')).toBeInTheDocument();
    expect(navigationLinks()).toEqual([
      ['Dashboard', '/Home/Dashboard'],
      ['Manufacturers', '/Home/Manufacturers'],
    ]);
    expect(screen.getByText('Super User')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Super User: profile menu' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'My sessions',
      'Security',
    ]);
  });

  it('opens My sessions (/Home/MySessions) from the profile menu', async () => {
    const { user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');
    await user.click(screen.getByRole('button', { name: /Aurora Audio/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'My sessions' }));
    expect(await screen.findByText('Page at /Home/MySessions')).toBeInTheDocument();
  });

  it('opens Security (/Home/Security) from the profile menu', async () => {
    const { user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');
    await user.click(screen.getByRole('button', { name: /Aurora Audio/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Security' }));
    expect(await screen.findByText('Page at /Home/Security')).toBeInTheDocument();
  });

  it('moves between pages with the navigation links', async () => {
    const { user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');

    await user.click(screen.getByRole('link', { name: 'My Products' }));

    expect(await screen.findByText('Page at /Home/MyProducts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Products' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/Home/ProductLicenses/4/Reverb/none', 'My Products'],
    ['/Home/ProductBuilds/4', 'My Products'],
    ['/Home/ProductReleases/4', 'My Products'],
    ['/Home/UpdateProduct/4', 'My Products'],
    ['/Home/UserDetails/7', 'Users'],
    ['/Home/CreateUserLicense/7/anna@example.com', 'Users'],
  ])('highlights the section of the sub-page %s (%s)', async (path, section) => {
    renderHome(manufacturerSession, 'staging', path);
    await screen.findByText(`Page at ${path}`);

    expect(screen.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'location');
    const others = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .filter((link) => link.textContent !== section);
    for (const link of others) expect(link).not.toHaveAttribute('aria-current');
  });

  it("highlights Manufacturers on a manufacturer's details for a superuser", async () => {
    renderHome(superuserSession, 'staging', '/Home/Manufacturers/3');
    await screen.findByText('Page at /Home/Manufacturers/3');

    expect(screen.getByRole('link', { name: 'Manufacturers' })).toHaveAttribute('aria-current', 'location');
  });

  it('logs out and returns to the root', async () => {
    const { calls, user } = renderHome(manufacturerSession);
    await screen.findByText('Page at /Home/Dashboard');

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Signed out at /')).toBeInTheDocument();
    // The next person to sign in starts at /Home, not on the page the previous one left.
    expect(screen.getByText('Will return to nowhere')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(storedLogin()).toBeNull();
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /systemusers/logout'),
    );
  });

  it('shows the version and the environment in the footer', async () => {
    renderHome(manufacturerSession, 'staging');

    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('ProductHub 1.4.2');
    expect(within(footer).getByText('staging')).toHaveAttribute('data-production', 'false');
  });

  it('marks production in the footer', async () => {
    renderHome(manufacturerSession, 'production');

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('production')).toHaveAttribute('data-production', 'true');
  });
});
