import type { Db } from '../db/database';
import type { ListName } from '../db/schema';

/** The exact row count of an unfiltered list (a product's licences, a manufacturer's users...), read from one row. */
export async function listTotal(db: Db, list: ListName, scopeId: number): Promise<number> {
  const row = await listTotalQuery(db, list, scopeId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The same as a subquery (null when the list has never had a row). */
export function listTotalQuery(db: Db, list: ListName, scopeId: number) {
  return db.selectFrom('list_totals').select('total').where('list', '=', list).where('scope_id', '=', scopeId);
}

/** A counted total (filtered lists: no kept count can know every search). */
export const totalOf = (row: { total: string }): number => Number(row.total);
