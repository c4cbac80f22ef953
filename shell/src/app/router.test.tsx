import { useEffect, useState, type ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useApiClient, useShellServices, type AuthSession } from 'shared-kit';
import { registerRemoteUrls } from '../remotes/load-remote-routes';
import {
  CurrentLocation,
  manufacturerSession,
  renderPage,
  resetBrowserState,
  signedInServer,
  storedLogin,
  superuserSession,
  type FakeFetchServer,
} from 'shared-kit/testing';
import { renderShell } from '../test-support/render-shell';
import { ShellRoutes } from './router';

/** The shell's routes, as the console's router renders them. */
const routes = [{ path: '*', element: <ShellRoutes /> }];

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const loadRemoteMock = jest.mocked(loadRemote);

/** Each remote's routes module stands in as a page that says which remote rendered which path. */
function remoteModule(remoteSpecifier: string) {
  const remote = remoteSpecifier.replace('/routes', '');
  return { default: () => <CurrentLocation label={`${remote} remote at`} /> };
}

function openAt(path: string, session?: AuthSession, server?: FakeFetchServer) {
  return renderShell(routes, {
    url: path,
    signedIn: session,
    server: server ?? signedInServer(session ?? manufacturerSession),
  });
}

describe('shell routes', () => {
  beforeAll(async () => {
    // The console's pages load on demand (React.lazy): have their code before the first test waits for them.
    await Promise.all([
      import('../layout/HomeLayout'),
      import('../dashboard/DashboardPage'),
      import('../remotes/RemoteOutlet'),
    ]);
    registerRemoteUrls({
      catalog: 'http://remotes.test/catalog/mf-manifest.json',
      licensing: 'http://remotes.test/licensing/mf-manifest.json',
      users: 'http://remotes.test/users/mf-manifest.json',
      manufacturers: 'http://remotes.test/manufacturers/mf-manifest.json',
    });
  });

  beforeEach(() => {
    resetBrowserState();
    jest.mocked(registerRemotes).mockClear();
    loadRemoteMock.mockReset();
    loadRemoteMock.mockImplementation(async (specifier: string) => remoteModule(specifier));
  });

  it('redirects /Home to /Home/Dashboard, which welcomes a manufacturer user by name', async () => {
    const { location } = openAt('/Home', manufacturerSession);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to ProductHub, Aurora Audio.')).toBeInTheDocument();
    expect(location().pathname).toBe('/Home/Dashboard');
  });

  it('welcomes a superuser on the dashboard', async () => {
    openAt('/Home/Dashboard', superuserSession);

    expect(await screen.findByText('Welcome to ProductHub, Super User.')).toBeInTheDocument();
    expect(screen.getByText(/Use Manufacturers/)).toBeInTheDocument();
  });

  it("shows 'Page not found' for an unknown page under /Home", async () => {
    openAt('/Home/Whatever', manufacturerSession);

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('tells a superuser that manufacturer pages are not for them, without loading the remote', async () => {
    openAt('/Home/MyProducts', superuserSession);

    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for manufacturer users.');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('hands a manufacturer page to the remote that owns it', async () => {
    openAt('/Home/MyProducts', manufacturerSession);

    expect(await screen.findByText('catalog remote at /Home/MyProducts')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('catalog/routes');
  });

  it('lets a superuser open the manufacturers remote', async () => {
    openAt('/Home/Manufacturers', superuserSession);

    expect(await screen.findByText('manufacturers remote at /Home/Manufacturers')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('manufacturers/routes');
  });

  it('keeps a remote loaded while moving between its pages', async () => {
    const { navigate } = openAt('/Home/MyProducts', manufacturerSession);
    await screen.findByText('catalog remote at /Home/MyProducts');

    await act(() => navigate('/Home/ProductBuilds/4'));

    expect(await screen.findByText('catalog remote at /Home/ProductBuilds/4')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('sends an unknown top-level address to the sign-in page', async () => {
    const { location } = openAt('/Nowhere');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('asks an anonymous visitor to sign in, then brings them to the page they asked for', async () => {
    const server: FakeFetchServer = (call) =>
      call.path === '/systemusers/login'
        ? { status: 200, body: manufacturerSession }
        : signedInServer(manufacturerSession)(call);
    const { location, user } = openAt('/Home/Users?page=2', undefined, server);

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'anna@aurora.example');
    await user.type(screen.getByLabelText('Password'), 's3cret!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('users remote at /Home/Users?page=2')).toBeInTheDocument();
    expect(location().pathname).toBe('/Home/Users');
  });

  it('sends the user to the sign-in page when a call from a page answers 401', async () => {
    function ProductsPage() {
      const api = useApiClient();
      useEffect(() => {
        api.get('/products').catch(() => undefined);
      }, [api]);
      return <p>Products page</p>;
    }
    loadRemoteMock.mockResolvedValue({ default: ProductsPage });
    const server = signedInServer(manufacturerSession, () => ({ status: 401, body: { message: ['Session expired'] } }));
    const { location } = openAt('/Home/MyProducts', manufacturerSession, server);

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(storedLogin()).toBeNull();
  });

  it("lets a page show a module of another remote through the shell's services", async () => {
    function UserDetailsPage() {
      const { loadRemoteModule } = useShellServices();
      const [LicenseTable, setLicenseTable] = useState<ComponentType | null>(null);
      useEffect(() => {
        loadRemoteModule<{ default: ComponentType }>('licensing', 'license-table').then((module) =>
          setLicenseTable(() => module.default),
        );
      }, [loadRemoteModule]);
      return LicenseTable ? <LicenseTable /> : <p>Loading licences</p>;
    }
    loadRemoteMock.mockImplementation(async (specifier: string) =>
      specifier === 'users/routes'
        ? { default: UserDetailsPage }
        : { default: () => <p>License table of the licensing remote</p> },
    );
    openAt('/Home/UserDetails/3', manufacturerSession);

    expect(await screen.findByText('License table of the licensing remote')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('licensing/license-table');
  });

  it("shows 'Unexpected Application Error!' with the message when a page throws", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Without ShellProviders every page throws: the root route's error element must catch it.
    renderPage(routes, { url: '/' });

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('useAuth must be used inside ShellProviders')).toBeInTheDocument();
    // The shell's own error page (not the router's built-in one) offers the way back.
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/Home');
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });
});
