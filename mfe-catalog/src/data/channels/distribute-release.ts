import type { ApiClient, ReleaseDistribution } from 'shared-kit';
import { channelReleasesPath } from './keys';

/** POST /manufacturers/{id}/channels/{channelId}/releases */
export const addReleaseToChannel = (api: ApiClient, manufacturerId: number, channelId: number, releaseId: number) =>
  api.post<ReleaseDistribution>(channelReleasesPath(manufacturerId, channelId), { product_release_id: releaseId });

/** DELETE /manufacturers/{id}/channels/{channelId}/releases/{releaseId} */
export const removeReleaseFromChannel = (api: ApiClient, manufacturerId: number, channelId: number, releaseId: number) =>
  api.delete(`${channelReleasesPath(manufacturerId, channelId)}/${releaseId}`);
