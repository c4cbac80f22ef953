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
 * to sign-in, which then returns to the page asked for. Each session gets a cache of its own, so one customer's data
 * is never shown to the next one.
 */
export function RequireCustomer() {
  const { session } = usePortalSession();
  const location = useLocation();
  if (!session) {
    const state: SignInReturn = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={portalLink('signIn')} replace state={state} />;
  }
  return (
    <SWRConfig key={session.token} value={{ provider: () => new Map() }}>
      <Outlet />
    </SWRConfig>
  );
}
