import { sql } from 'kysely';
import { RELEASE_CHANNEL_TYPE } from 'shared-kit/contract';
import type { Db } from '../../db/database';

const CHANNEL_COLUMNS = ['id', 'type', 'name'] as const;

/** The query every read of a manufacturer's channels starts from. */
const channelsOf = (db: Db, manufacturerId: number) =>
  db.selectFrom('distribution_channels').select(CHANNEL_COLUMNS).where('manufacturer_id', '=', manufacturerId);

/** A manufacturer's channels, the Release channel first, then in creation order. */
export async function listChannels(db: Db, manufacturerId: number) {
  return channelsOf(db, manufacturerId)
    .orderBy(sql`type = ${RELEASE_CHANNEL_TYPE}`, 'desc')
    .orderBy('id')
    .execute();
}

export async function findChannel(db: Db, manufacturerId: number, id: number) {
  return channelsOf(db, manufacturerId).where('id', '=', id).executeTakeFirst();
}
