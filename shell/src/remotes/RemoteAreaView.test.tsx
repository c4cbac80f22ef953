import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { deferred, renderPage } from 'shared-kit/testing';
import { CONSOLE_SHARED_KIT_VERSION } from './remote-compatibility';
import { registerRemoteUrls } from './load-remote-routes';
import { REMOTE_AREAS } from './remote-areas';
import useSWR, { SWRConfig } from 'swr';
import { REMOTE_STILL_LOADING_AFTER_MS as STILL_LOADING_AFTER_MS } from 'shared-kit/remote-module';
import { RemoteAreaView } from './RemoteAreaView';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);

const CATALOG_ENTRY = 'http://remotes.test/catalog/mf-manifest.json';
const productsArea = REMOTE_AREAS.find((area) => area.remote === 'catalog')!;

const workingRemote = { default: () => <p>Catalog pages</p> };

describe('RemoteAreaView', () => {
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    registerRemoteUrls({ catalog: CATALOG_ENTRY });
    registerRemotesMock.mockClear();
    loadRemoteMock.mockReset();
    // Failures are logged on purpose; keep the test output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => consoleError.mockRestore());

  it("shows 'Loading {title}...' while the remote loads, then renders its routes", async () => {
    const pending = deferred<unknown>();
    loadRemoteMock.mockReturnValue(pending.promise);
    renderPage(<RemoteAreaView area={productsArea} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading Products...');
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('catalog/routes'));
    expect(registerRemotesMock).not.toHaveBeenCalled();

    pending.resolve(workingRemote);

    expect(await screen.findByText('Catalog pages')).toBeInTheDocument();
    expect(screen.queryByText('Loading Products...')).not.toBeInTheDocument();
  });

  it('says a slow remote is still loading, offers Retry, and shows the remote when the retry answers', async () => {
    jest.useFakeTimers();
    try {
      const never = deferred<unknown>();
      loadRemoteMock.mockReturnValueOnce(never.promise).mockResolvedValueOnce(workingRemote);
      renderPage(<RemoteAreaView area={productsArea} />);

      expect(screen.getByRole('status')).toHaveTextContent('Loading Products...');
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(STILL_LOADING_AFTER_MS));
      expect(screen.getByRole('status')).toHaveTextContent('Products is still loading.');

      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

      expect(await screen.findByText('Catalog pages')).toBeInTheDocument();
      expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'catalog', entry: CATALOG_ENTRY }], { force: true });
      never.resolve(workingRemote);
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers Retry when the remote cannot be loaded, and Retry fetches it afresh', async () => {
    loadRemoteMock
      .mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'))
      .mockResolvedValueOnce(workingRemote);
    const { user } = renderPage(<RemoteAreaView area={productsArea} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Products could not be loaded.');
    expect(screen.queryByText('Catalog pages')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Catalog pages')).toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'catalog', entry: CATALOG_ENTRY }], { force: true });
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a remote without routes as not loaded', async () => {
    loadRemoteMock.mockResolvedValue({});
    renderPage(<RemoteAreaView area={productsArea} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Products could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('keeps showing the failure while the retry is still failing', async () => {
    loadRemoteMock.mockRejectedValue(new Error('offline'));
    const { user } = renderPage(<RemoteAreaView area={productsArea} />);
    await screen.findByText('Products could not be loaded.');

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Products could not be loaded.')).toBeInTheDocument();
  });

  it("shows '{title} stopped working.' with Retry when the remote throws while rendering", async () => {
    let broken = true;
    function FragileRoutes() {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <p>Catalog pages</p>;
    }
    loadRemoteMock.mockResolvedValue({ default: FragileRoutes });
    const { user } = renderPage(<RemoteAreaView area={productsArea} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Products stopped working.');
    expect(screen.queryByText('Catalog pages')).not.toBeInTheDocument();
    expect(registerRemotesMock).not.toHaveBeenCalled();
    // docs/console.md, Errors: a page that crashes says 'Unexpected Application Error!' with the error's message.
    expect(screen.getByRole('alert')).toContainElement(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot read properties of undefined');

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Catalog pages')).toBeInTheDocument();
    expect(screen.queryByText('Products stopped working.')).not.toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'catalog', entry: CATALOG_ENTRY }], { force: true });
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  });

  it('a Retry after a crash fetches the data afresh instead of rendering the cached answer that crashed it', async () => {
    let answer: ({ name: string } | null)[] = [null];
    const fetcher = jest.fn(async () => answer);
    function DataRoutes() {
      const { data } = useSWR('/items', fetcher);
      if (!data) return <p>Loading items</p>;
      // The first answer holds a null item: reading its name throws, as a remote meeting malformed data would.
      return <p>{data.map((item) => item!.name).join(', ')}</p>;
    }
    loadRemoteMock.mockResolvedValue({ default: DataRoutes });
    const { user } = renderPage(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RemoteAreaView area={productsArea} />
      </SWRConfig>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Products stopped working.');

    answer = [{ name: 'Reverb' }];
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Reverb')).toBeInTheDocument();
    expect(fetcher.mock.calls.length).toBeGreaterThan(1);
  });

  it('says in place that a remote built for another shared-kit cannot run here, with Retry', async () => {
    const originalFetch = globalThis.fetch;
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      json: async () => ({ shared: [{ name: 'shared-kit', requiredVersion: '^2.0.0' }] }),
    })) as unknown as typeof fetch;
    try {
      renderPage(<RemoteAreaView area={productsArea} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Products cannot run in this version of ProductHub.');
      expect(alert).toHaveTextContent(
        `It was built for shared-kit ^2.0.0; this console provides ${CONSOLE_SHARED_KIT_VERSION}.`,
      );
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      expect(loadRemoteMock).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = originalFetch;
    }
  });
});
