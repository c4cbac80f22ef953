import type { PortalSession } from 'shared-kit';

/** Where a customer's session is kept: per portal, in sessionStorage (gone with the tab), never the staff `producthub_auth`. */
export const portalSessionKey = (slug: string) => `producthub_portal_session:${slug}`;

/** Why there is no session: never signed in, signed out, or ended by the server (a 401). */
export type SignedOutReason = 'none' | 'signed-out' | 'ended';

export interface SessionSnapshot {
  session: PortalSession | null;
  reason: SignedOutReason;
}

export interface PortalSessionStore {
  snapshot(): SessionSnapshot;
  token(): string | undefined;
  signIn(session: PortalSession): void;
  signOut(): void;
  /** The server no longer takes the token (401): forget it, so the portal goes back to sign-in. */
  end(): void;
  subscribe(listener: () => void): () => void;
}

function read(storage: Storage | null, key: string): PortalSession | null {
  try {
    const text = storage?.getItem(key);
    const session = text ? (JSON.parse(text) as PortalSession) : null;
    return session && typeof session.token === 'string' ? session : null;
  } catch {
    return null;
  }
}

/** The signed-in customer of one portal, kept in `storage` and told to React (useSyncExternalStore). */
export function createPortalSessionStore(storage: Storage | null, slug: string): PortalSessionStore {
  const key = portalSessionKey(slug);
  let current: SessionSnapshot = { session: read(storage, key), reason: 'none' };
  const listeners = new Set<() => void>();
  const set = (session: PortalSession | null, reason: SignedOutReason) => {
    try {
      if (session) storage?.setItem(key, JSON.stringify(session));
      else storage?.removeItem(key);
    } catch {
      // Storage refused (private mode, quota): the session still lasts as long as the page.
    }
    current = { session, reason };
    listeners.forEach((listener) => listener());
  };
  return {
    snapshot: () => current,
    token: () => current.session?.token,
    signIn: (session) => set(session, 'none'),
    signOut: () => set(null, 'signed-out'),
    end: () => {
      if (current.session) set(null, 'ended');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
