// Owned by the catalog area (issue: mfe-catalog): schemas and types of the distribution channel API. The
// users area lists channels (channel memberships) with DistributionChannel; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Text, Timestamp } from './common';

/** A manufacturer's distribution channel; type `Release` is the one everybody is always in. */
export const DistributionChannel = Type.Object({ id: Id, type: Text(), name: Text() });
export type DistributionChannel = Static<typeof DistributionChannel>;

/** GET /manufacturers/{id}/channels: every channel of the manufacturer, the Release channel first. */
export const DistributionChannelList = Type.Array(DistributionChannel);
export type DistributionChannelList = Static<typeof DistributionChannelList>;

export const ChannelParams = Type.Object({ id: Id, channelId: Id });
export type ChannelParams = Static<typeof ChannelParams>;

export const ChannelReleaseParams = Type.Object({ id: Id, channelId: Id, releaseId: Id });
export type ChannelReleaseParams = Static<typeof ChannelReleaseParams>;

/** POST /manufacturers/{id}/channels/{channelId}/releases */
export const DistributeReleaseBody = Type.Object({ product_release_id: Id }, { additionalProperties: false });
export type DistributeReleaseBody = Static<typeof DistributeReleaseBody>;

/** A release's presence in a channel. */
export const ReleaseDistribution = Type.Object({
  id: Id,
  release_id: Id,
  channel: DistributionChannel,
  created_at: Timestamp,
});
export type ReleaseDistribution = Static<typeof ReleaseDistribution>;
