import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError, loadRemoteModule, loadRemoteRoutes, registerRemoteUrls } from './load-remote-routes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);
const routesModule = { default: () => null };

describe('load-remote-routes', () => {
  beforeEach(() => {
    registerRemoteUrls({});
    registerRemotesMock.mockClear();
    loadRemoteMock.mockReset();
  });

  it('registers every configured remote with the federation runtime', () => {
    registerRemoteUrls({
      catalog: 'http://a.test/catalog/mf-manifest.json',
      users: 'http://b.test/users/mf-manifest.json',
    });

    expect(registerRemotesMock).toHaveBeenCalledWith([
      { name: 'catalog', entry: 'http://a.test/catalog/mf-manifest.json' },
      { name: 'users', entry: 'http://b.test/users/mf-manifest.json' },
    ]);
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it("loads a remote's routes module", async () => {
    registerRemoteUrls({ catalog: 'http://a.test/catalog/mf-manifest.json' });
    registerRemotesMock.mockClear();
    loadRemoteMock.mockResolvedValue(routesModule);

    await expect(loadRemoteRoutes('catalog')).resolves.toBe(routesModule);
    expect(loadRemoteMock).toHaveBeenCalledWith('catalog/routes');
    expect(registerRemotesMock).not.toHaveBeenCalled();
  });

  it('re-registers the remote with force before a retry', async () => {
    registerRemoteUrls({ catalog: 'http://a.test/catalog/mf-manifest.json' });
    registerRemotesMock.mockClear();
    loadRemoteMock.mockResolvedValue(routesModule);

    await loadRemoteRoutes('catalog', true);

    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'catalog', entry: 'http://a.test/catalog/mf-manifest.json' }],
      { force: true },
    );
  });

  it('refuses a remote without a configured URL', async () => {
    await expect(loadRemoteRoutes('licensing')).rejects.toThrow(RemoteUnavailableError);
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it.each([null, {}])('refuses a remote that answers %p instead of its routes', async (answer) => {
    registerRemoteUrls({ users: 'http://b.test/users/mf-manifest.json' });
    loadRemoteMock.mockResolvedValue(answer);

    await expect(loadRemoteRoutes('users')).rejects.toThrow('The users remote did not provide its routes.');
  });

  it("loads another module a remote exposes, such as the licensing remote's licence table", async () => {
    const licenseTable = { default: () => null };
    registerRemoteUrls({ licensing: 'http://c.test/licensing/mf-manifest.json' });
    loadRemoteMock.mockResolvedValue(licenseTable);

    await expect(loadRemoteModule('licensing', 'license-table')).resolves.toBe(licenseTable);
    expect(loadRemoteMock).toHaveBeenCalledWith('licensing/license-table');
  });

  it('refuses a module of a remote without a configured URL, or one the remote does not provide', async () => {
    await expect(loadRemoteModule('licensing', 'license-table')).rejects.toThrow(RemoteUnavailableError);
    expect(loadRemoteMock).not.toHaveBeenCalled();

    registerRemoteUrls({ licensing: 'http://c.test/licensing/mf-manifest.json' });
    loadRemoteMock.mockResolvedValue(null);
    await expect(loadRemoteModule('licensing', 'license-table')).rejects.toThrow(
      'The licensing remote did not provide license-table.',
    );
  });
});
