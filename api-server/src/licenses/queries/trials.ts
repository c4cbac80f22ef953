import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { listTotalQuery } from '../../db/list-totals';
import { apiTimestampSql } from '../../db/api-timestamps';
import { oneQueryPageTextQuery, pageAsJson, pageTextOf } from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';
import { escapeLike } from '../../lib/like-pattern';

/**
 * A page of a product's trials, optionally only fingerprints containing `fingerprint`, with its total, in one
 * statement that also checks the product is the manufacturer's: undefined if not. The page comes as the JSON
 * text of its `Trial` rows.
 */
export async function listTrials(
  db: Db,
  manufacturerId: number,
  productId: number,
  fingerprint: string | undefined,
  page: PageRequest,
) {
  const values = { manufacturerId, productId, perPage: page.perPage, offset: page.offset };
  const { rows } = fingerprint
    ? await trialPageStatement(db, 'fingerprint', { ...values, fingerprintPattern: `%${escapeLike(fingerprint)}%` })
    : await trialPageStatement(db, 'all', values);
  return pageTextOf(rows[0]);
}

interface TrialPageValues {
  manufacturerId: number;
  productId: number;
  perPage: number;
  offset: number;
  /** An ILIKE pattern (`%text%`, the text's own wildcards escaped). */
  fingerprintPattern?: string;
}

const trialPageStatement = compiledOncePerShape(
  (
    db: Db,
    _shape: 'all' | 'fingerprint',
    { manufacturerId, productId, perPage, offset, fingerprintPattern }: TrialPageValues,
  ) => {
    let query = db
      .selectFrom('trials')
      .where('manufacturer_id', '=', manufacturerId)
      .where('product_id', '=', productId);
    if (fingerprintPattern !== undefined) query = query.where('hardware_fingerprint', 'ilike', fingerprintPattern);
    const pageRows = query
      .select((eb) => ['id', 'hardware_fingerprint', apiTimestampSql(eb.ref('created_at')).as('created_at')])
      .orderBy('id')
      .limit(perPage)
      .offset(offset);
    return oneQueryPageTextQuery(db, {
      found: sql<SqlBool>`exists (${db.selectFrom('products').select('id').where('id', '=', productId).where('manufacturer_id', '=', manufacturerId)})`,
      total:
        fingerprintPattern !== undefined
          ? query.select(sql<string>`count(*)`.as('total'))
          : listTotalQuery(db, 'product_trials', productId),
      rows: pageAsJson(db, pageRows),
    });
  },
);

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
