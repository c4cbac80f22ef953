import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { createApiClient, type TokenSource } from '../api/api-client';
import { createListStateStore } from '../services/list-state-store';
import { ShellServicesProvider, type AuthSession } from '../services/shell-services';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { theme } from '../ui/theme';
import type { RemoteName } from '../federation';

/** Loads other remotes through the federation runtime this remote came with, so they share its React. */
export function loadFromConfiguredRemotes(remotes: Partial<Record<RemoteName, string>>) {
  const registered = new Set<RemoteName>();
  return async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
    const entry = remotes[remote];
    if (!entry) throw new Error(`This screen needs the ${remote} remote: give its URL in mount()'s remotes option.`);
    if (!registered.has(remote)) {
      registerRemotes([{ name: remote, entry }]);
      registered.add(remote);
    }
    const loaded = await loadRemote<T>(`${remote}/${module.replace(/^\.\//, '')}`);
    if (!loaded) throw new Error(`The ${remote} remote did not provide ${module}.`);
    return loaded;
  };
}

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
    const root = createRoot(element);
    root.render(<EmbeddedRemote AreaRoutes={AreaRoutes} options={options} api={api} />);
    return () => root.unmount();
  };
}

function EmbeddedRemote({
  AreaRoutes,
  options,
  api,
}: {
  AreaRoutes: ComponentType;
  options: MountOptions;
  api: ReturnType<typeof createApiClient>;
}) {
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [listStates] = useState(() => createListStateStore(typeof localStorage === 'undefined' ? null : localStorage));
  const services = {
    api,
    session: options.session ?? null,
    logout: () => options.onUnauthorized?.(),
    // The integrator's page owns the session: nothing of it is cached here.
    refreshSession: () => Promise.resolve(),
    showError: (message: string) => (options.onError ? options.onError(message) : setErrorMessage(message)),
    listStates,
    loadRemoteModule: options.loadRemoteModule ?? loadFromConfiguredRemotes(options.remotes ?? {}),
  };
  return (
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <BrowserRouter basename={options.basePath}>
            <AreaRoutes />
          </BrowserRouter>
          <Dialog
            open={errorMessage !== null}
            onOpenChange={(open) => !open && setErrorMessage(null)}
            title="An Error Occurred:"
            description={errorMessage ?? ''}
            modal={false}
            footer={<Button onClick={() => setErrorMessage(null)}>OK</Button>}
          >
            {null}
          </Dialog>
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>
  );
}
