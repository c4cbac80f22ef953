import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/principal';
import type { Db } from '../db/database';
import { notFound } from '../lib/http-error';
import { findManufacturer } from '../manufacturers/queries/manufacturers';

/**
 * Who reads and refunds orders: a key or staff of the order's manufacturer, and the superuser (support: any
 * manufacturer's). The manufacturer whose orders the caller reaches: null for the superuser (every one).
 */
export function orderScopeOf(request: FastifyRequest): { manufacturerId: number | null } {
  const caller = callerOf(request);
  if (caller.accessLevel === 'superuser') return { manufacturerId: null };
  return { manufacturerId: caller.manufacturerId! };
}

/** A manufacturer's order list: its own key or staff, or the superuser; another tenant's answers 404. */
export async function requireOrderListOf(db: Db, request: FastifyRequest, manufacturerId: number): Promise<void> {
  const scope = orderScopeOf(request);
  const reachable =
    scope.manufacturerId === null
      ? (await findManufacturer(db, manufacturerId)) !== undefined
      : scope.manufacturerId === manufacturerId;
  if (!reachable) throw notFound('Manufacturer');
}
