import { Navigate, Outlet, useLocation } from 'react-router';
import { portalLink } from 'shared-kit/pages';
import { SWRConfig } from 'swr';
import { usePortalSession } from '../session/portal-session';

/** Where sign-in returns to: the page that sent the customer there (its path and query, e.g. /activate?code=…). */
export interface SignInReturn {
  returnTo: string;
}

/**
 * The signed-in customer's pages: without a session (never signed in, signed out, or ended by a 401) the way leads
 * to sign-in, which then returns to the page asked for (after a chosen sign-out: My licenses). Each session gets a cache of its own, so one customer's data
 * is never shown to the next one.
 */
export function RequireCustomer() {
  const { session, reason } = usePortalSession();
  const location = useLocation();
  if (!session) {
    // A chosen sign-out starts afresh at My licenses. A page opened without a session (a new tab, as a plugin opens
    // `/activate?code=…`) or left because the session ended is where sign-in returns.
    const state: SignInReturn | null =
      reason === 'signed-out' ? null : { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={portalLink('signIn')} replace state={state} />;
  }
  return (
    <SWRConfig key={session.token} value={{ provider: () => new Map() }}>
      <Outlet />
    </SWRConfig>
  );
}
