import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PageRequest } from '../lib/paging';
import { listTotal, totalOf } from './list-totals';
import { escapeLike } from '../lib/like-pattern';

const COLUMNS = ['id', 'manufacturer_id', 'email', 'external_id', 'created_at', 'updated_at'] as const;

export interface EndUserFields {
  email: string;
  external_id: string | null;
}

/** One page of a manufacturer's end users, optionally only those whose email contains `emailSearch`. */
export async function listEndUsers(db: Db, manufacturerId: number, emailSearch: string | undefined, page: PageRequest) {
  let query = db.selectFrom('end_users').where('manufacturer_id', '=', manufacturerId);
  if (emailSearch) query = query.where('email', 'ilike', `%${escapeLike(emailSearch)}%`);
  const [rows, total] = await Promise.all([
    query.select(COLUMNS).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
    emailSearch
      ? query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow().then(totalOf)
      : listTotal(db, 'manufacturer_end_users', manufacturerId),
  ]);
  return { rows, total };
}

/** The user, if it belongs to the manufacturer (another tenant's user is as missing as a deleted one). */
export async function findEndUser(db: Db, manufacturerId: number, id: number) {
  return db.selectFrom('end_users').select(COLUMNS).where('manufacturer_id', '=', manufacturerId).where('id', '=', id).executeTakeFirst();
}

/** Emails are unique per manufacturer regardless of case. */
export async function isEmailTaken(db: Db, manufacturerId: number, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db
    .selectFrom('end_users')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertEndUser(db: Db, manufacturerId: number, fields: EndUserFields) {
  return db
    .insertInto('end_users')
    .values({ manufacturer_id: manufacturerId, ...fields })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateEndUser(db: Db, manufacturerId: number, id: number, fields: EndUserFields) {
  return db
    .updateTable('end_users')
    .set({ ...fields, updated_at: sql<Date>`now()` as unknown as Date })
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The row as it stands, locked until the transaction ends (for before/after auditing). */
export async function lockEndUser(db: Db, manufacturerId: number, id: number) {
  return db
    .selectFrom('end_users')
    .select(COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function listFingerprints(db: Db, manufacturerId: number, userId: number) {
  return db
    .selectFrom('fingerprints')
    .select(['id', 'hardware_fingerprint', 'created_at'])
    .where('manufacturer_id', '=', manufacturerId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Licence transfers the user sent (`direction` 'sent') or received, oldest first, with the other party. */
export async function listLicenseTransfers(db: Db, manufacturerId: number, userId: number, direction: 'sent' | 'received') {
  const [ownSide, otherSide] = direction === 'sent' ? (['from_user_id', 'to_user_id'] as const) : (['to_user_id', 'from_user_id'] as const);
  return db
    .selectFrom('license_transfers as transfer')
    .innerJoin('end_users as other', 'other.id', `transfer.${otherSide}`)
    .innerJoin('licenses as license', 'license.id', 'transfer.license_id')
    .innerJoin('products as product', 'product.id', 'license.product_id')
    .select([
      'transfer.id',
      'transfer.created_at',
      'other.id as other_user_id',
      'other.email as other_user_email',
      'license.id as license_id',
      'license.serial',
      'product.id as product_id',
      'product.name as product_name',
    ])
    .where('transfer.manufacturer_id', '=', manufacturerId)
    .where(`transfer.${ownSide}`, '=', userId)
    .orderBy('transfer.created_at')
    .orderBy('transfer.id')
    .execute();
}
