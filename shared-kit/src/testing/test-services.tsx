import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { ShellServicesProvider, type AuthSession, type ShellServices } from '../services/shell-services';
import { createListStateStore } from '../services/list-state-store';
import { theme } from '../ui/theme';
import { createFakeApiClient, notFound, type FakeApiServer } from './fake-api-client';
import { manufacturerSession } from './fixtures';

export interface TestServicesOptions {
  /** The fake API behind the services' client; by default every call answers 404. */
  server?: FakeApiServer;
  /** The signed-in user; `null` for none. */
  session?: AuthSession | null;
  /** Services that replace the fakes, e.g. `loadRemoteModule`. */
  services?: Partial<ShellServices>;
}

/** The shell's services for a test: a fake API client recording its calls, the session, a spy `showError`, a list-state store. */
export function createTestServices({
  server = (call) => Promise.reject(notFound(call)),
  session = manufacturerSession,
  services,
}: TestServicesOptions = {}) {
  const { api, calls } = createFakeApiClient(server);
  const showError = jest.fn<void, [string]>();
  const all: ShellServices = {
    api,
    session,
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError,
    listStates: createListStateStore(null),
    loadRemoteModule: () => Promise.reject(new Error('no remote modules in this test')),
    ...services,
  };
  return { services: all, calls, showError };
}

/** The providers every page has in the shell: theme, the services and a fresh SWR cache (also `renderHook`'s wrapper). */
export function TestProviders({ services, children }: { services: ShellServices; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig
          value={{
            provider: () => new Map(),
            dedupingInterval: 0,
            shouldRetryOnError: false,
            revalidateOnFocus: false,
          }}
        >
          {children}
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>
  );
}
