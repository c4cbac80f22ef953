import type { FastifyRequest } from 'fastify';
import { roleMay } from 'shared-kit/contract';
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

/**
 * The Super User, or a staff member whose role may `staff.manage` in the permission table (owners): for managing
 * the manufacturer's staff and sign-in. The route itself checks that the manufacturer is the staff member's own.
 */
export function requireOwner(request: FastifyRequest): Principal {
  if (request.apiKey) throw new HttpError(403, OWNER_REQUIRED);
  const principal = principalOf(request);
  if (principal.accessLevel === 'superuser') return principal;
  if (principal.staffRole === null || !roleMay(principal.staffRole, 'staff.manage'))
    throw new HttpError(403, OWNER_REQUIRED);
  return principal;
}
