import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ErrorModal, RemoteProviders, createListStateStore, type ShellServices } from 'shared-kit';
import { AuthContext } from '../auth/auth-context';
import { useAuthSession } from '../auth/use-auth-session';
import type { RuntimeConfig } from './runtime-config';
import { RuntimeConfigContext } from './runtime-config-context';
import { loadRemoteModule } from '../remotes/load-remote-routes';

/** Everything the shell offers the remotes: session, API client, error modal, list-state store, theme. */
export function ShellProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const { auth, api, refreshSession } = useAuthSession(config.apiBaseUrl);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const listStates = useMemo(() => createListStateStore(typeof localStorage === 'undefined' ? null : localStorage), []);
  const showError = useCallback((message: string) => setErrorMessage(message), []);

  const services: ShellServices = useMemo(
    () => ({
      api,
      session: auth.session,
      logout: auth.logout,
      refreshSession,
      showError,
      listStates,
      loadRemoteModule,
    }),
    [api, auth.session, auth.logout, refreshSession, showError, listStates],
  );

  return (
    <RuntimeConfigContext.Provider value={config}>
      <AuthContext.Provider value={auth}>
        <RemoteProviders services={services} globalStyle>
          {children}
          <ErrorModal message={errorMessage} onClose={() => setErrorMessage(null)} />
        </RemoteProviders>
      </AuthContext.Provider>
    </RuntimeConfigContext.Provider>
  );
}
