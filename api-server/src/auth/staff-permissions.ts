import { roleCannot, roleMay } from 'shared-kit/contract';
import type { Principal } from './principal';
import { staffRouteAccess } from './staff-route-actions';

/** A staff route the permission table does not know: refused to every role until it is given an action. */
export const ROUTE_NOT_IN_PERMISSION_TABLE = 'Access denied. This request is not in the permission table.';
/** Staff always have a role (the database holds it); a principal without one is refused rather than trusted. */
const NO_STAFF_ROLE = 'Access denied. This staff member has no role.';

/**
 * Why a signed-in principal may not call this route, or undefined when it may. The Super User is outside the
 * table (superuser routes check for themselves); staff are held to their role's actions.
 */
export function staffRouteRefusal(principal: Principal, method: string, url: string): string | undefined {
  if (principal.accessLevel === 'superuser') return undefined;
  if (principal.staffRole === null) return NO_STAFF_ROLE;
  const access = staffRouteAccess(method, url);
  if (access === undefined) return ROUTE_NOT_IN_PERMISSION_TABLE;
  if (access === 'signed-in' || access === 'superuser') return undefined;
  return roleMay(principal.staffRole, access) ? undefined : roleCannot(principal.staffRole, access);
}
