import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PortalSessionStore, SessionSnapshot } from './session-store';

interface PortalContextValue {
  /** The manufacturer's portal slug (`aurora-audio`): every public portal route names it. */
  slug: string;
  store: PortalSessionStore;
}

const PortalContext = createContext<PortalContextValue | null>(null);

/** The portal being shown and its customer's session, for every page of the portal. */
export function PortalProvider({ slug, store, children }: PortalContextValue & { children: ReactNode }) {
  return <PortalContext.Provider value={{ slug, store }}>{children}</PortalContext.Provider>;
}

function usePortalContext(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('The portal pages need a PortalProvider');
  return value;
}

export const usePortalSlug = () => usePortalContext().slug;
export const usePortalSessionStore = () => usePortalContext().store;

/** The signed-in customer (or null, and why), kept up to date. */
export function usePortalSession(): SessionSnapshot {
  const { store } = usePortalContext();
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}
