import { useApiResource, type DistributionChannel } from 'shared-kit';

export const manufacturerChannelsPath = (manufacturerId: number) => `/manufacturers/${manufacturerId}/channels`;

/** GET /manufacturers/{id}/channels: every distribution channel of the manufacturer. */
export function useManufacturerChannels(manufacturerId: number): ReturnType<typeof useApiResource<DistributionChannel[]>> {
  return useApiResource<DistributionChannel[]>(manufacturerChannelsPath(manufacturerId));
}
