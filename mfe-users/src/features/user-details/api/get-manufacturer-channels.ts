import { useApiResource, type DistributionChannel } from 'shared-kit';
import { channelKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/channels: every distribution channel of the manufacturer. */
export function useManufacturerChannels(
  manufacturerId: number,
): ReturnType<typeof useApiResource<DistributionChannel[]>> {
  return useApiResource<DistributionChannel[]>(channelKeys.list(manufacturerId));
}
