import { sql } from 'kysely';
import type { Trial } from 'shared-kit/contract';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { listTotal, totalOf } from './list-totals';
import { escapeLike } from '../lib/like-pattern';

/** A page of a product's trials, optionally only fingerprints containing `fingerprint`. */
export async function listTrials(db: Db, manufacturerId: number, productId: number, fingerprint: string | undefined, page: PageRequest) {
  let query = db.selectFrom('trials').where('manufacturer_id', '=', manufacturerId).where('product_id', '=', productId);
  if (fingerprint) query = query.where('hardware_fingerprint', 'ilike', `%${escapeLike(fingerprint)}%`);
  const [rows, total] = await Promise.all([
    query.select(['id', 'hardware_fingerprint', 'created_at']).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
    fingerprint
      ? query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow().then(totalOf)
      : listTotal(db, 'product_trials', productId),
  ]);
  return { rows: rows.map(toTrial), total };
}

/** Deletes the product's trial and answers the deleted row, or undefined when there is none (or another tenant's). */
export async function deleteTrial(trx: Db, manufacturerId: number, productId: number, trialId: number) {
  return trx
    .deleteFrom('trials')
    .where('id', '=', trialId)
    .where('product_id', '=', productId)
    .where('manufacturer_id', '=', manufacturerId)
    .returningAll()
    .executeTakeFirst();
}

function toTrial(row: { id: number; hardware_fingerprint: string; created_at: Date }): Trial {
  return { id: row.id, hardware_fingerprint: row.hardware_fingerprint, created_at: row.created_at.toISOString() };
}
