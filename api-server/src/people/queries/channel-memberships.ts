import { RELEASE_CHANNEL_TYPE } from 'shared-kit/contract';
import type { Db } from '../../db/database';

/** Adds the membership; undefined when the user already was a member (nothing changes then). */
export async function insertMembership(db: Db, manufacturerId: number, channelId: number, userId: number) {
  return db
    .insertInto('channel_memberships')
    .values({ manufacturer_id: manufacturerId, channel_id: channelId, user_id: userId })
    .onConflict((conflict) => conflict.columns(['user_id', 'channel_id']).doNothing())
    .returning(['id', 'channel_id', 'user_id', 'created_at'])
    .executeTakeFirst();
}

export async function deleteMembership(db: Db, manufacturerId: number, channelId: number, userId: number) {
  return db
    .deleteFrom('channel_memberships')
    .where('manufacturer_id', '=', manufacturerId)
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .returning(['id', 'channel_id', 'user_id', 'created_at'])
    .executeTakeFirst();
}

/** Everybody is always in the Release channel: a new user joins the manufacturer's Release channel at once. */
export async function joinReleaseChannel(db: Db, manufacturerId: number, userId: number): Promise<void> {
  await db
    .insertInto('channel_memberships')
    .columns(['manufacturer_id', 'channel_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('distribution_channels')
        .select([eb.val(manufacturerId).as('manufacturer_id'), 'id as channel_id', eb.val(userId).as('user_id')])
        .where('manufacturer_id', '=', manufacturerId)
        .where('type', '=', RELEASE_CHANNEL_TYPE),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'channel_id']).doNothing())
    .execute();
}

export const isReleaseChannel = (channel: { type: string }) => channel.type === RELEASE_CHANNEL_TYPE;
