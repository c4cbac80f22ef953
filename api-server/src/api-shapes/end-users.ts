import type { ChannelMembership, EndUser } from 'shared-kit/contract';
import { apiTimestamp, withApiTimestamps } from '../db/api-timestamps';

interface EndUserRow {
  id: number;
  manufacturer_id: number;
  email: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const toEndUser = (row: EndUserRow): EndUser => withApiTimestamps(row);

export const toChannelMembership = (
  membership: { created_at: Date },
  channel: ChannelMembership['channel'],
): ChannelMembership => ({
  created_at: apiTimestamp(membership.created_at),
  channel,
});
