import type { Db } from './database';
import type { ListName } from './schema';

/** The exact row count of an unfiltered list (a product's licences, a manufacturer's users...), as a one-row subquery (null when the list has never had a row). */
export function listTotalQuery(db: Db, list: ListName, scopeId: number) {
  return db.selectFrom('list_totals').select('total').where('list', '=', list).where('scope_id', '=', scopeId);
}
