import type { FastifyRequest } from 'fastify';
import { roleCannot, roleMay, type StaffAction } from 'shared-kit/contract';
import { HttpError } from '../lib/http-error';
import type { Principal } from './principal';
import { staffRouteAccess } from './staff-route-actions';

/** A staff route the permission table does not know: refused to every role until it is given an action. */
export const ROUTE_NOT_IN_PERMISSION_TABLE = 'Access denied. This request is not in the permission table.';

/**
 * Why a signed-in principal may not call this route, or undefined when it may. The Super User is outside the
 * table (superuser routes check for themselves); staff are held to their role's actions.
 */
export function staffRouteRefusal(principal: Principal, method: string, url: string): string | undefined {
  if (principal.manufacturerId === null || principal.staffRole === null) return undefined;
  const access = staffRouteAccess(method, url);
  if (access === undefined) return ROUTE_NOT_IN_PERMISSION_TABLE;
  if (access === 'signed-in' || access === 'superuser') return undefined;
  return roleMay(principal.staffRole, access) ? undefined : roleCannot(principal.staffRole, access);
}

/** For a check inside a route (one route doing more than its action): 403 unless the staff role may act. */
export function requirePermission(principal: Principal, action: StaffAction): void {
  if (principal.manufacturerId === null || principal.staffRole === null) return;
  if (!roleMay(principal.staffRole, action)) throw new HttpError(403, roleCannot(principal.staffRole, action));
}
