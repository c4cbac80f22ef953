import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { apiKeyDb } from '../../auth/api-key-tables';

/**
 * Whose events: a manufacturer's staff see every event of their manufacturer; the superuser sees the
 * manufacturer-level events, i.e. changes to manufacturer records (entity_type 'manufacturer', any manufacturer)
 * and changes that belong to no manufacturer (manufacturer_id IS NULL), never a tenant's products, users or licences.
 */
export type AuditScope = { manufacturerId: number } | { manufacturerLevel: true };

export interface AuditEventFilter {
  objectType?: string;
  objectId?: string;
  /** A system user's id, or 'client': no console user (plugin calls, operator commands, customers in the portal). */
  actor?: number | 'client';
  action?: string;
  from?: Date;
  to?: Date;
}

function conditions(scope: AuditScope, filter: AuditEventFilter) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
    const all = [
      'manufacturerId' in scope
        ? eb('audit_log.manufacturer_id', '=', scope.manufacturerId)
        : eb.or([eb('audit_log.entity_type', '=', 'manufacturer'), eb('audit_log.manufacturer_id', 'is', null)]),
    ];
    if (filter.objectType) all.push(eb('audit_log.entity_type', '=', filter.objectType));
    if (filter.objectId) all.push(eb('audit_log.entity_id', '=', filter.objectId));
    if (filter.actor === 'client') all.push(eb('audit_log.actor_system_user_id', 'is', null));
    else if (filter.actor !== undefined) all.push(eb('audit_log.actor_system_user_id', '=', filter.actor));
    if (filter.action) all.push(eb('audit_log.action', '=', filter.action));
    if (filter.from) all.push(eb('audit_log.created_at', '>=', filter.from));
    if (filter.to) all.push(eb('audit_log.created_at', '<', filter.to));
    return eb.and(all);
  };
}

const EVENT_COLUMNS = [
  'audit_log.id',
  'audit_log.created_at',
  'audit_log.actor_system_user_id',
  'system_users.email as actor_email',
  'audit_log.actor_end_user_id',
  'actor_end_users.email as actor_end_user_email',
  'audit_log.actor_api_key_id',
  'actor_api_keys.name as actor_api_key_name',
  'actor_api_keys.prefix as actor_api_key_prefix',
  'audit_log.action',
  'audit_log.entity_type',
  'audit_log.entity_id',
  'audit_log.before',
  'audit_log.after',
] as const;

/**
 * The page's rows. With a time range, the range's ids are read first from the time index (migration 0015), the
 * page's ids taken from them, and only then its rows: left to itself, the planner walks the newest ids hoping to
 * meet the range soon, which for an hour ten days back reads ten days of events (measured: 1.3 s at 2 million).
 */
function pageRows(plainDb: Db, scope: AuditScope, filter: AuditEventFilter, page: PageRequest) {
  const where = conditions(scope, filter);
  const db = apiKeyDb(plainDb);
  if (filter.from === undefined && filter.to === undefined) {
    return db
      .selectFrom('audit_log')
      .where(where)
      .leftJoin('system_users', 'system_users.id', 'audit_log.actor_system_user_id')
      .leftJoin('end_users as actor_end_users', 'actor_end_users.id', 'audit_log.actor_end_user_id')
      .leftJoin('api_keys as actor_api_keys', 'actor_api_keys.id', 'audit_log.actor_api_key_id')
      .select(EVENT_COLUMNS)
      .orderBy('audit_log.id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute();
  }
  return db
    .with(
      (cte) => cte('in_range').materialized(),
      (qb) => qb.selectFrom('audit_log').where(where).select('audit_log.id'),
    )
    .with(
      (cte) => cte('page').materialized(),
      (qb) =>
        qb
          .selectFrom('in_range')
          .select('in_range.id')
          .orderBy('in_range.id', 'desc')
          .limit(page.perPage)
          .offset(page.offset),
    )
    .selectFrom('page')
    .innerJoin('audit_log', 'audit_log.id', 'page.id')
    .leftJoin('system_users', 'system_users.id', 'audit_log.actor_system_user_id')
    .leftJoin('end_users as actor_end_users', 'actor_end_users.id', 'audit_log.actor_end_user_id')
    .leftJoin('api_keys as actor_api_keys', 'actor_api_keys.id', 'audit_log.actor_api_key_id')
    .select(EVENT_COLUMNS)
    .orderBy('audit_log.id', 'desc')
    .execute();
}

/**
 * The counter a filter's total is kept in (migration 0018), or null when the filter is no kept scope and is counted
 * live: an object (a record's own history, bounded by the object index), a time range (from the time index,
 * proportional to the range), the superuser's actor filter (the small manufacturer-level partial index), and action
 * with actor (the action's index entries: as many as a common action has, a combination no counter keeps).
 */
export function keptTotalKey(
  scope: AuditScope,
  filter: AuditEventFilter,
): { feed: string; manufacturerId: number; kind: string; value: string } | null {
  // Read as conditions() reads the filter: an empty text is no filter.
  const { actor } = filter;
  const action = filter.action || undefined;
  if (
    [filter.objectType, filter.objectId, filter.from, filter.to].some(Boolean) ||
    (actor !== undefined && action !== undefined)
  )
    return null;
  const [feed, manufacturerId] =
    'manufacturerId' in scope ? ['tenant', scope.manufacturerId] : ['manufacturer_level', 0];
  if (action !== undefined) return { feed, manufacturerId, kind: 'action', value: action };
  if (actor === undefined) return { feed, manufacturerId, kind: 'all', value: '' };
  return feed === 'tenant' ? { feed, manufacturerId, kind: 'actor', value: String(actor) } : null;
}

function total(db: Db, scope: AuditScope, filter: AuditEventFilter) {
  const key = keptTotalKey(scope, filter);
  if (key === null) {
    return db
      .selectFrom('audit_log')
      .where(conditions(scope, filter))
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirstOrThrow();
  }
  return sql<{ total: string }>`
    SELECT coalesce(sum(total), 0) AS total FROM audit_event_totals
    WHERE feed = ${key.feed} AND manufacturer_id = ${key.manufacturerId} AND kind = ${key.kind} AND value = ${key.value}`
    .execute(db)
    .then((result) => result.rows[0]);
}

/** A page of events, newest first (id DESC: ids are unique and grow with time, so pages are stable). */
export async function listAuditEvents(db: Db, scope: AuditScope, filter: AuditEventFilter, page: PageRequest) {
  const [rows, count] = await Promise.all([pageRows(db, scope, filter, page), total(db, scope, filter)]);
  return { rows, total: Number(count.total) };
}

export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];
