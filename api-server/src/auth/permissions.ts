import type { FastifyRequest } from 'fastify';
import { roleMay, type StaffAction } from 'shared-kit/contract';
import { HttpError, SUPERUSER_REQUIRED } from '../lib/http-error';
import { principalOf, type Principal, type StaffPrincipal } from './principal';
import type { ApiKeyPrincipal } from './api-key-principal';

export function requireSuperuser(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (principal.accessLevel !== 'superuser') throw new HttpError(403, SUPERUSER_REQUIRED);
  return principal;
}

/**
 * Manufacturer staff act within their own manufacturer; the superuser manages manufacturers, not their data. An
 * API key acts within its manufacturer too, on the routes its scopes reach (auth/api-key-scopes.ts).
 */
export function requireManufacturerStaff(request: FastifyRequest): StaffPrincipal | ApiKeyPrincipal {
  if (request.apiKey) return request.apiKey;
  const principal = principalOf(request);
  if (principal.manufacturerId === null)
    throw new HttpError(403, 'Access denied. This action is for manufacturer users.');
  return principal as StaffPrincipal;
}

/** A staff member signed in (no API key): for what only a person does, such as a user import they review. */
export function requireStaffSession(request: FastifyRequest): StaffPrincipal {
  if (request.apiKey) throw new HttpError(403, 'Access denied. This action is for signed-in manufacturer users.');
  return requireManufacturerStaff(request) as StaffPrincipal;
}

export const OWNER_REQUIRED = 'Access denied. Only an owner of this manufacturer may do this.';

/** The Super User, or a signed-in staff member whose role may take the action (never an API key). */
function requireSessionFor(request: FastifyRequest, action: StaffAction, refusal: string): Principal {
  if (request.apiKey) throw new HttpError(403, refusal);
  const principal = principalOf(request);
  if (principal.accessLevel === 'superuser') return principal;
  if (principal.staffRole === null || !roleMay(principal.staffRole, action)) throw new HttpError(403, refusal);
  return principal;
}

/**
 * The Super User, or a staff member whose role may `staff.access` in the permission table (owners): for owners and
 * how the manufacturer's staff sign in. The route itself checks that the manufacturer is the staff member's own.
 */
export const requireOwner = (request: FastifyRequest): Principal =>
  requireSessionFor(request, 'staff.access', OWNER_REQUIRED);

export const STAFF_MANAGER_REQUIRED = 'Access denied. Only an owner or admin of this manufacturer may do this.';

/**
 * The Super User, or a staff member whose role may `staff.manage` (owners and admins): for the staff list and
 * members. What makes or touches an owner is checked further against the member (staff/staff-rules.ts).
 */
export const requireStaffManager = (request: FastifyRequest): Principal =>
  requireSessionFor(request, 'staff.manage', STAFF_MANAGER_REQUIRED);
