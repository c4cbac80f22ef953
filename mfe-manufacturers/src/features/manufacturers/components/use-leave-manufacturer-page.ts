import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
import { useSession } from 'shared-kit';
import { leaveTarget } from './leave-rule';
import { RETURN_TO_PARAM } from './return-to';

/** Leaves a manufacturer's page by the Back rule; call it from the page's own route (Manufacturers/:id). */
export function useLeaveManufacturerPage(): () => void {
  const navigate = useNavigate();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const hasPreviousPage = !isFirstPageOfVisit(useLocation());
  const returnTo = searchParams.get(RETURN_TO_PARAM);
  const accessLevel = session?.access_level;

  return useCallback(() => {
    const target = leaveTarget({ returnTo, accessLevel, hasPreviousPage });
    switch (target.kind) {
      case 'returnTo':
        return navigate(target.path);
      case 'previousPage':
        return navigate(-1);
      case 'areaHome':
        // The parent of the area's routes: /Home, which opens the dashboard.
        return navigate('..');
      case 'manufacturersList':
        return navigate('..', { relative: 'path' });
    }
  }, [navigate, returnTo, accessLevel, hasPreviousPage]);
}

interface FirstPageState {
  firstPageOfVisit?: boolean;
}

/**
 * The router gives the first page of a visit the key 'default'; a redirect (My Details) replaces that entry
 * with a new key, so it carries the fact along in the location state.
 */
export function isFirstPageOfVisit(location: Location): boolean {
  return location.key === 'default' || (location.state as FirstPageState | null)?.firstPageOfVisit === true;
}

/** The location state a redirect passes on, so the page it lands on knows whether there is a page to go back to. */
export const redirectState = (location: Location): FirstPageState => ({
  firstPageOfVisit: isFirstPageOfVisit(location),
});
