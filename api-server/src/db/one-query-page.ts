import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from './database';
import type { PageRequest } from '../lib/paging';

/** A select over any tables, its rows typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kysely's database and table parameters take no wider type (not `unknown`)
type AnySelect<Row> = SelectQueryBuilder<any, any, Row>;

/** Rows aggregated into one JSON array, in `order` (an empty page is `[]`). */
export const jsonRows = <T>(value: Expression<T>, order: Expression<unknown>) =>
  sql<T[]>`coalesce(json_agg(${value} ORDER BY ${order}), '[]')`;

/**
 * A page query's rows (flat records with an `id`) as one JSON array in id order (ascending unless `direction` says). Flat records aggregate as
 * fast as plain rows travel; nesting them with json_build_object per row costs PostgreSQL twice as much.
 */
export function pageAsJson<Row extends { id: number }>(
  db: Db,
  page: AnySelect<Row>,
  direction: 'asc' | 'desc' = 'asc',
) {
  // `page.*`, not `page`: a column of that name (products have one) would take precedence over the row.
  const order = direction === 'asc' ? sql`page.id` : sql`page.id DESC`;
  return db
    .selectFrom(page.as('page'))
    .select(sql<Row[]>`coalesce(json_agg(page.* ORDER BY ${order}), '[]')`.as('rows'));
}

/**
 * One row of `query` as PostgreSQL writes it: the JSON text of an object of its columns, in select order (column
 * `json`; no row when there is none). For answers whose columns are exactly the API's shape, sent on unparsed.
 */
export function rowAsJsonTextQuery(db: Db, query: AnySelect<unknown>) {
  return db.selectFrom(query.as('answer')).select(sql<string>`to_json(answer.*)::text`.as('json'));
}

/**
 * The ids of a page of an id-ordered list whose exact total is known (`total`, a one-value subquery), walked from
 * whichever end of the index is nearer: a page past the middle counts back from the last entry, so no page skips
 * more than half the list (the last page of 100,000 skips none). `ids` selects the list's ids, unordered.
 * Only one branch runs: each is guarded by a condition PostgreSQL evaluates once, before it.
 */
export function pageIdsFromNearerEnd(
  ids: AnySelect<{ id: number }>,
  total: Expression<unknown>,
  page: Pick<PageRequest, 'perPage' | 'offset'>,
) {
  const count = sql<number>`coalesce((${total}), 0)`;
  const nearerEnd = sql<SqlBool>`${page.offset} * 2 > ${count}`;
  const fromStart = ids.orderBy('id').limit(page.perPage).offset(page.offset);
  const fromEnd = ids
    .orderBy('id', 'desc')
    .limit(sql<number>`greatest(least(${page.perPage}, ${count} - ${page.offset}), 0)`)
    .offset(sql<number>`greatest(${count} - ${page.offset} - ${page.perPage}, 0)`);
  return sql<{ id: number }>`(SELECT id FROM (${fromStart}) AS first_half WHERE NOT (${nearerEnd}))
    UNION ALL (SELECT id FROM (${fromEnd}) AS second_half WHERE ${nearerEnd})`;
}

export interface OneQueryPage {
  /** False when the list's parent is missing or another tenant's (the caller answers 404 either way). */
  found?: Expression<SqlBool>;
  /** A subquery of one row and column: the total (none or null means 0). */
  total: Expression<unknown>;
  /** A subquery of one row and column: the page as a JSON array (`jsonRows`). */
  rows: Expression<unknown>;
}

/**
 * A page, its total and its parent's tenant check in one statement (one round trip instead of three). The
 * page itself is always filtered by the tenant, so a foreign parent's page is empty before it is refused.
 */
export async function oneQueryPage<Row>(
  db: Db,
  parts: OneQueryPage,
): Promise<{ rows: Row[]; total: number } | undefined> {
  const result = await onePageStatement(db, parts, sql<Row[]>`(${parts.rows})`).executeTakeFirstOrThrow();
  return result.found ? { rows: result.rows as Row[], total: Number(result.total ?? 0) } : undefined;
}

/**
 * `oneQueryPage` with the page as PostgreSQL wrote it (JSON text): for pages whose rows are already the API's
 * shape, so the server sends them on without parsing and serialising them again. Callers compile it once per shape
 * (`compiledOncePerShape`) and read its row with `pageTextOf`.
 */
export function oneQueryPageTextQuery(db: Db, parts: OneQueryPage) {
  return onePageStatement(db, parts, sql<string>`(${parts.rows})::text`);
}

/** The page and its total from the row of `oneQueryPageTextQuery`, or undefined when the list's parent was not found. */
export function pageTextOf(row: {
  found: SqlBool;
  total: string | null;
  rows: string;
}): { rowsJson: string; total: number } | undefined {
  return row.found ? { rowsJson: row.rows, total: Number(row.total ?? 0) } : undefined;
}

function onePageStatement<Rows>(db: Db, parts: OneQueryPage, rows: RawBuilder<Rows>) {
  return db.selectNoFrom([
    sql<SqlBool>`${parts.found ?? sql`true`}`.as('found'),
    sql<string | null>`(${parts.total})`.as('total'),
    rows.as('rows'),
  ]);
}
