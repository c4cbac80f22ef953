import { createContext, useContext, type ReactNode } from 'react';
import type { LoginResponse } from '../contract/auth';
import type { StaffRole } from '../contract/staff-roles';
import type { ApiClient } from '../api/api-client';
import type { ListStateStore } from './list-state-store';
import type { RemoteName } from '../federation';

/**
 * The stored login (docs/console.md, Sign-in and session; browser storage key producthub_auth), with the staff
 * member's role as `GET /systemusers/me` last said it (what `useCan` reads; absent until then).
 */
export type AuthSession = LoginResponse & { staff_role?: StaffRole | null };

/**
 * What the host gives every remote: the API client, the session, the error modal and the list-state store.
 * The shell provides it; a remote mounted on its own (`mount()`) provides its own.
 */
export interface ShellServices {
  api: ApiClient;
  session: AuthSession | null;
  logout: () => void;
  /** Re-reads the signed-in user from the server (e.g. after the user renamed their own manufacturer). */
  refreshSession: () => Promise<void>;
  showError: (message: string) => void;
  listStates: ListStateStore;
  /** Loads a module another remote exposes (e.g. `loadRemoteModule('licensing', 'license-table')`). */
  loadRemoteModule: <T>(remote: RemoteName, module: string) => Promise<T>;
}

const ShellServicesContext = createContext<ShellServices | null>(null);

export function ShellServicesProvider({ value, children }: { value: ShellServices; children: ReactNode }) {
  return <ShellServicesContext.Provider value={value}>{children}</ShellServicesContext.Provider>;
}

export function useShellServices(): ShellServices {
  const services = useContext(ShellServicesContext);
  if (!services) throw new Error('useShellServices must be used inside a ShellServicesProvider');
  return services;
}

export const useApiClient = () => useShellServices().api;
export const useSession = () => useShellServices().session;
export const useErrorModal = () => useShellServices().showError;
