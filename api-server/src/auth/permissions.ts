import type { FastifyRequest } from 'fastify';
import { HttpError, SUPERUSER_REQUIRED } from '../lib/http-error';
import { principalOf, type Principal, type StaffPrincipal } from './principal';

export function requireSuperuser(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (principal.accessLevel !== 'superuser') throw new HttpError(403, SUPERUSER_REQUIRED);
  return principal;
}

/** Manufacturer staff act within their own manufacturer; the superuser manages manufacturers, not their data. */
export function requireManufacturerStaff(request: FastifyRequest): StaffPrincipal {
  const principal = principalOf(request);
  if (principal.manufacturerId === null)
    throw new HttpError(403, 'Access denied. This action is for manufacturer users.');
  return principal as StaffPrincipal;
}
