import { Navigate, Outlet } from 'react-router';
import { portalLink } from 'shared-kit/pages';
import { SWRConfig } from 'swr';
import { usePortalSession } from '../session/portal-session';

/**
 * The signed-in customer's pages: without a session (never signed in, signed out, or ended by a 401) the way leads
 * to sign-in. Each session gets a cache of its own, so one customer's data is never shown to the next one.
 */
export function RequireCustomer() {
  const { session } = usePortalSession();
  if (!session) return <Navigate to={portalLink('signIn')} replace />;
  return (
    <SWRConfig key={session.token} value={{ provider: () => new Map() }}>
      <Outlet />
    </SWRConfig>
  );
}
