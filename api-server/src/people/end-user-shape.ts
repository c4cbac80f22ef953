import { sql } from 'kysely';
import type { ChannelMembership } from 'shared-kit/contract';
import { apiTimestamp, apiTimestampSql } from '../db/api-timestamps';

/** An end user's columns, in the API's `EndUser` field order. */
export const END_USER_COLUMNS = ['id', 'email', 'external_id', 'manufacturer_id', 'created_at', 'updated_at'] as const;

/**
 * The one definition of the API's `EndUser`: those columns, timestamps in the contract's format. Every answer is
 * PostgreSQL's JSON text of these.
 */
export const END_USER_ANSWER_COLUMNS = [
  ...END_USER_COLUMNS.filter((column) => column !== 'created_at' && column !== 'updated_at'),
  apiTimestampSql(sql.ref<Date>('created_at')).as('created_at'),
  apiTimestampSql(sql.ref<Date>('updated_at')).as('updated_at'),
] as const;

export const toChannelMembership = (
  membership: { created_at: Date },
  channel: ChannelMembership['channel'],
): ChannelMembership => ({
  created_at: apiTimestamp(membership.created_at),
  channel,
});
