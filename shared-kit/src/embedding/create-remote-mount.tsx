import { useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient, type ApiClient, type TokenSource } from '../api/api-client';
import { createListStateStore } from '../services/list-state-store';
import type { AuthSession, ShellServices } from '../services/shell-services';
import type { RemoteName } from '../remotes';
import { ErrorModal } from './ErrorModal';
import { RemoteProviders } from './RemoteProviders';
import { SaveNoticeProvider } from '../ui/SaveNotice';
import { createRemoteLoader } from './remote-loader';

export interface MountOptions {
  /** Where the ProductHub API lives, e.g. `https://hub.example.com/api/v1`. */
  apiBaseUrl: string;
  /** A session token, or a function returning the current one (called before every request). */
  token?: string | TokenSource;
  /** The signed-in system user, when the page knows it (role-dependent screens use it). */
  session?: AuthSession | null;
  /** The path this remote's pages live under on the host page, e.g. `/embed`. */
  basePath?: string;
  /** Called with a user-facing message instead of the remote's own error dialog. */
  onError?: (message: string) => void;
  /** Called when the API answers 401 (expired or revoked token). */
  onUnauthorized?: () => void;
  /**
   * Where the other remotes live (their `mf-manifest.json` or `remoteEntry.js`), for screens that show another
   * remote's component: mfe-users' user details show mfe-licensing's licence table.
   */
  remotes?: Partial<Record<RemoteName, string>>;
  /** Loads a module of another remote yourself instead of giving `remotes`. */
  loadRemoteModule?: <T>(remote: RemoteName, module: string) => Promise<T>;
}

export type Unmount = () => void;

/**
 * `mount(element, options)` for integrators: renders a remote's routes into any element, with its own router,
 * data cache, theme and error reporting, on a page that has no React of its own.
 */
export function createRemoteMount(AreaRoutes: ComponentType) {
  return function mount(element: HTMLElement, options: MountOptions): Unmount {
    const getToken: TokenSource =
      typeof options.token === 'function' ? options.token : () => options.token as string | undefined;
    const api = createApiClient({ baseUrl: options.apiBaseUrl, getToken, onUnauthorized: options.onUnauthorized });
    // Other remotes load through the federation runtime this remote came with, so they share its React.
    const loadRemoteModule = options.loadRemoteModule ?? createRemoteLoader(options.remotes ?? {}).loadModule;
    const root = createRoot(element);
    root.render(
      <EmbeddedRemote AreaRoutes={AreaRoutes} options={options} api={api} loadRemoteModule={loadRemoteModule} />,
    );
    return () => root.unmount();
  };
}

function EmbeddedRemote({
  AreaRoutes,
  options,
  api,
  loadRemoteModule,
}: {
  AreaRoutes: ComponentType;
  options: MountOptions;
  api: ApiClient;
  loadRemoteModule: ShellServices['loadRemoteModule'];
}) {
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [listStates] = useState(() => createListStateStore(typeof localStorage === 'undefined' ? null : localStorage));
  const services: ShellServices = {
    api,
    session: options.session ?? null,
    logout: () => options.onUnauthorized?.(),
    // The integrator's page owns the session: nothing of it is cached here.
    refreshSession: () => Promise.resolve(),
    showError: (message: string) => (options.onError ? options.onError(message) : setErrorMessage(message)),
    listStates,
    loadRemoteModule,
  };
  return (
    <RemoteProviders services={services}>
      <SaveNoticeProvider>
        <BrowserRouter basename={options.basePath}>
          <AreaRoutes />
        </BrowserRouter>
      </SaveNoticeProvider>
      <ErrorModal message={errorMessage} onClose={() => setErrorMessage(null)} />
    </RemoteProviders>
  );
}
