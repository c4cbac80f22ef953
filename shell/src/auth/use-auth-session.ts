import { useCallback, useEffect, useMemo, useState } from 'react';
import { AUTH_STORAGE_KEY, createApiClient, type AuthSession, type CurrentUser } from 'shared-kit';
import { clearStoredSession, readStoredSession, storeSession } from './auth-storage';
import type { AuthState } from './auth-context';

/**
 * The session of this browser: read from storage, checked once at start-up with a test call, mirrored across
 * tabs, and dropped on any 401. Returns the auth state and the API client that carries the session.
 */
export function useAuthSession(apiBaseUrl: string) {
  const [session, setSession] = useState<AuthSession | null>(readStoredSession);
  const [checking, setChecking] = useState(() => readStoredSession() !== null);
  const [loggedOut, setLoggedOut] = useState(false);

  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: apiBaseUrl,
        getToken: () => readStoredSession()?.token,
        onUnauthorized: () => {
          clearStoredSession();
          setSession(null);
        },
      }),
    [apiBaseUrl],
  );

  /** Asks the server who is signed in; keeps the stored manufacturer name and role current. A 401 clears the login. */
  const refreshSession = useCallback(async () => {
    const me = await api.get<CurrentUser>('/systemusers/me');
    const stored = readStoredSession();
    const renamed = me.manufacturer !== null && stored?.manufacturer?.name !== me.manufacturer.name;
    if (stored && (renamed || stored.staff_role !== me.staff_role)) {
      const refreshed = { ...stored, manufacturer: me.manufacturer ?? stored.manufacturer, staff_role: me.staff_role };
      storeSession(refreshed);
      setSession(refreshed);
    }
  }, [api]);

  useEffect(() => {
    if (!checking) return;
    let active = true;
    refreshSession()
      // A 401 has already cleared the login (onUnauthorized); other failures keep it: the server may be back soon.
      .catch(() => undefined)
      .finally(() => active && setChecking(false));
    return () => {
      active = false;
    };
  }, [refreshSession, checking]);

  useEffect(() => {
    const mirrorOtherTab = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) setSession(readStoredSession());
    };
    window.addEventListener('storage', mirrorOtherTab);
    return () => window.removeEventListener('storage', mirrorOtherTab);
  }, []);

  const signIn = useCallback(
    (next: AuthSession) => {
      storeSession(next);
      setSession(next);
      setChecking(false);
      setLoggedOut(false);
      // The sign-in's answer names no role: what the console lets the member press follows once /me says it.
      refreshSession().catch(() => undefined);
    },
    [refreshSession],
  );

  const logout = useCallback(async () => {
    // The call reads the stored token before the login is cleared below.
    const ending = readStoredSession() ? api.post('/systemusers/logout').catch(() => undefined) : undefined;
    clearStoredSession();
    setSession(null);
    setLoggedOut(true);
    await ending;
  }, [api]);

  const auth: AuthState = useMemo(
    () => ({ session, checking, loggedOut, signIn, logout }),
    [session, checking, loggedOut, signIn, logout],
  );
  return { auth, api, refreshSession };
}
