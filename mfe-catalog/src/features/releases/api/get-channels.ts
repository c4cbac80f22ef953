import { useApiResource, type DistributionChannel, type ResourceResult } from 'shared-kit';
import { channelKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/channels: the manufacturer's distribution channels; `manufacturerId` null waits. */
export const useManufacturerChannels = (manufacturerId: number | null): ResourceResult<DistributionChannel[]> =>
  useApiResource<DistributionChannel[]>(manufacturerId === null ? null : channelKeys.list(manufacturerId));
