import { sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import type { PageRequest } from '../../lib/paging';
import { listTotalQuery } from '../../db/list-totals';
import { escapeLike } from '../../lib/like-pattern';
import { apiTimestampSql } from '../../db/api-timestamps';
import { END_USER_ANSWER_COLUMNS, END_USER_COLUMNS } from '../end-user-shape';
import { jsonRows, oneQueryPageTextQuery, pageAsJson, pageTextOf, rowAsJsonTextQuery } from '../../db/one-query-page';
import { compiledOncePerShape } from '../../db/compiled-once';
import { databaseNow } from '../../db/now';

export interface EndUserFields {
  email: string;
  external_id: string | null;
}

/**
 * One page of a manufacturer's end users, optionally only those whose email contains `emailSearch`, with its
 * total, in one statement; the page is the JSON text of its `EndUser` rows.
 */
export async function listEndUsers(db: Db, manufacturerId: number, emailSearch: string | undefined, page: PageRequest) {
  const values = { manufacturerId, perPage: page.perPage, offset: page.offset };
  const { rows } = emailSearch
    ? await endUserPageStatement(db, 'email', { ...values, emailPattern: `%${escapeLike(emailSearch)}%` })
    : await endUserPageStatement(db, 'all', values);
  return pageTextOf(rows[0])!;
}

interface EndUserPageValues {
  manufacturerId: number;
  perPage: number;
  offset: number;
  /** An ILIKE pattern (`%text%`, the text's own wildcards escaped). */
  emailPattern?: string;
}

const endUserPageStatement = compiledOncePerShape(
  (db: Db, _shape: 'all' | 'email', { manufacturerId, perPage, offset, emailPattern }: EndUserPageValues) => {
    let query = db.selectFrom('end_users').where('manufacturer_id', '=', manufacturerId);
    if (emailPattern !== undefined) query = query.where('email', 'ilike', emailPattern);
    const total =
      emailPattern !== undefined
        ? query.select(sql<string>`count(*)`.as('total'))
        : listTotalQuery(db, 'manufacturer_end_users', manufacturerId);
    const rows = pageAsJson(db, query.select(END_USER_ANSWER_COLUMNS).orderBy('id').limit(perPage).offset(offset));
    return oneQueryPageTextQuery(db, { total, rows });
  },
);

/** The manufacturer's user, as the query that reads it. */
const endUserOf = (db: Db, manufacturerId: number, id: number) =>
  db
    .selectFrom('end_users')
    .select(END_USER_COLUMNS)
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', id);

/** The user, if it belongs to the manufacturer (another tenant's user is as missing as a deleted one). */
export async function findEndUser(db: Db, manufacturerId: number, id: number) {
  return endUserOf(db, manufacturerId, id).executeTakeFirst();
}

/** The manufacturer's user as the JSON text of an `EndUser`, or undefined. */
export async function findEndUserJson(db: Db, manufacturerId: number, id: number): Promise<string | undefined> {
  return (await endUserJsonStatement(db, 'one', { manufacturerId, id })).rows[0]?.json;
}

const endUserJsonStatement = compiledOncePerShape(
  (db: Db, _shape: 'one', { manufacturerId, id }: { manufacturerId: number; id: number }) =>
    rowAsJsonTextQuery(
      db,
      db
        .selectFrom('end_users')
        .select(END_USER_ANSWER_COLUMNS)
        .where('manufacturer_id', '=', manufacturerId)
        .where('id', '=', id),
    ),
);

/** Emails are unique per manufacturer regardless of case. */
export async function isEmailTaken(
  db: Db,
  manufacturerId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
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
    .returning(END_USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateEndUser(db: Db, manufacturerId: number, id: number, fields: EndUserFields) {
  return db
    .updateTable('end_users')
    .set({ ...fields, updated_at: databaseNow() })
    .where('manufacturer_id', '=', manufacturerId)
    .where('id', '=', id)
    .returning(END_USER_COLUMNS)
    .executeTakeFirst();
}

/** The row as it stands, locked until the transaction ends (for before/after auditing). */
export async function lockEndUser(db: Db, manufacturerId: number, id: number) {
  return endUserOf(db, manufacturerId, id).forUpdate().executeTakeFirst();
}

/**
 * A user's details page (the user, fingerprints, channel memberships, transfers sent and received) as the API
 * shows it, in one statement built as JSON by PostgreSQL and answered as its text (sent on unparsed); undefined
 * if the user is not the manufacturer's.
 */
export async function findEndUserDetailsJson(
  db: Db,
  manufacturerId: number,
  userId: number,
): Promise<string | undefined> {
  return (await endUserDetailsStatement(db, 'one', { manufacturerId, userId })).rows[0]?.details;
}

const endUserDetailsStatement = compiledOncePerShape(
  (db: Db, _shape: 'one', { manufacturerId, userId }: { manufacturerId: number; userId: number }) => {
    const fingerprints = db
      .selectFrom('fingerprints as f')
      .where('f.manufacturer_id', '=', manufacturerId)
      .where('f.user_id', '=', userId)
      .select((eb) =>
        jsonRows(
          jsonBuildObject({
            id: eb.ref('f.id'),
            hardware_fingerprint: eb.ref('f.hardware_fingerprint'),
            created_at: apiTimestampSql(eb.ref('f.created_at')),
          }),
          sql`f.created_at, f.id`,
        ).as('rows'),
      );
    const memberships = db
      .selectFrom('channel_memberships as membership')
      .innerJoin('distribution_channels as channel', 'channel.id', 'membership.channel_id')
      .where('membership.manufacturer_id', '=', manufacturerId)
      .where('membership.user_id', '=', userId)
      .select((eb) =>
        jsonRows(
          jsonBuildObject({
            created_at: apiTimestampSql(eb.ref('membership.created_at')),
            channel: jsonBuildObject({
              id: eb.ref('channel.id'),
              type: eb.ref('channel.type'),
              name: eb.ref('channel.name'),
            }),
          }),
          eb.ref('channel.id'),
        ).as('rows'),
      );
    return db
      .selectFrom('end_users as u')
      .where('u.manufacturer_id', '=', manufacturerId)
      .where('u.id', '=', userId)
      .select((eb) =>
        sql<string>`${jsonBuildObject({
          id: eb.ref('u.id'),
          manufacturer_id: eb.ref('u.manufacturer_id'),
          email: eb.ref('u.email'),
          external_id: eb.ref('u.external_id'),
          created_at: apiTimestampSql(eb.ref('u.created_at')),
          updated_at: apiTimestampSql(eb.ref('u.updated_at')),
          manufacturer: jsonBuildObject({ id: eb.ref('u.manufacturer_id') }),
          fingerprints: sql`(${fingerprints})`,
          channel_memberships: sql`(${memberships})`,
          license_transfers_sent: sql`(${licenseTransfers(db, manufacturerId, userId, 'sent')})`,
          license_transfers_received: sql`(${licenseTransfers(db, manufacturerId, userId, 'received')})`,
        })}::text`.as('details'),
      );
  },
);

/** Licence transfers the user sent (`direction` 'sent') or received, oldest first, with the other party, as a JSON array. */
function licenseTransfers(db: Db, manufacturerId: number, userId: number, direction: 'sent' | 'received') {
  const [ownSide, otherSide, otherKey] =
    direction === 'sent'
      ? (['from_user_id', 'to_user_id', 'to_user'] as const)
      : (['to_user_id', 'from_user_id', 'from_user'] as const);
  return db
    .selectFrom('license_transfers as transfer')
    .innerJoin('end_users as other', 'other.id', `transfer.${otherSide}`)
    .innerJoin('licenses as license', 'license.id', 'transfer.license_id')
    .innerJoin('products as product', 'product.id', 'license.product_id')
    .where('transfer.manufacturer_id', '=', manufacturerId)
    .where(`transfer.${ownSide}`, '=', userId)
    .select((eb) =>
      jsonRows(
        jsonBuildObject({
          id: eb.ref('transfer.id'),
          created_at: apiTimestampSql(eb.ref('transfer.created_at')),
          license: jsonBuildObject({
            id: eb.ref('license.id'),
            serial: eb.ref('license.serial'),
            product: jsonBuildObject({ id: eb.ref('product.id'), name: eb.ref('product.name') }),
          }),
          [otherKey]: jsonBuildObject({ id: eb.ref('other.id'), email: eb.ref('other.email') }),
        }),
        sql`transfer.created_at, transfer.id`,
      ).as('rows'),
    );
}
