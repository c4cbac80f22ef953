import { CONSOLE_SHARED_KIT_VERSION, RemoteIncompatibleError, checkRemoteCompatibility } from './remote-compatibility';

const ENTRY = 'http://cdn.test/mfe-users/1.4.0/mf-manifest.json';

function serveManifest(sharedKitRange: string | undefined) {
  const shared = [
    { name: 'react', requiredVersion: '^19.1.0' },
    ...(sharedKitRange === undefined ? [] : [{ name: 'shared-kit', requiredVersion: sharedKitRange }]),
  ];
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ shared }) })) as unknown as typeof fetch;
}

describe('checkRemoteCompatibility', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('accepts a remote built against this shared-kit or a compatible range', async () => {
    for (const range of [
      CONSOLE_SHARED_KIT_VERSION,
      `^${CONSOLE_SHARED_KIT_VERSION}`,
      `~${CONSOLE_SHARED_KIT_VERSION}`,
      '>=0.0.1',
    ]) {
      serveManifest(range);
      await expect(checkRemoteCompatibility(ENTRY)).resolves.toBeUndefined();
    }
    expect(globalThis.fetch).toHaveBeenCalledWith(ENTRY, { cache: 'no-cache' });
  });

  it('refuses a remote built against a shared-kit this console cannot provide, naming both versions', async () => {
    serveManifest('^2.0.0');
    const failure = checkRemoteCompatibility(ENTRY);
    await expect(failure).rejects.toBeInstanceOf(RemoteIncompatibleError);
    await expect(failure).rejects.toMatchObject({
      requiredSharedKit: '^2.0.0',
      message: `The remote needs shared-kit ^2.0.0; this console provides ${CONSOLE_SHARED_KIT_VERSION}.`,
    });
  });

  it('leaves a manifest without shared-kit, an unreadable manifest or a remoteEntry.js to the loader', async () => {
    serveManifest(undefined);
    await expect(checkRemoteCompatibility(ENTRY)).resolves.toBeUndefined();
    globalThis.fetch = jest.fn(async () => ({ ok: false, json: async () => ({}) })) as unknown as typeof fetch;
    await expect(checkRemoteCompatibility(ENTRY)).resolves.toBeUndefined();
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      json: async () => Promise.reject(new SyntaxError('not JSON')),
    })) as unknown as typeof fetch;
    await expect(checkRemoteCompatibility(ENTRY)).resolves.toBeUndefined();
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(checkRemoteCompatibility(ENTRY)).resolves.toBeUndefined();
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    await expect(checkRemoteCompatibility('http://cdn.test/mfe-users/remoteEntry.js')).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
