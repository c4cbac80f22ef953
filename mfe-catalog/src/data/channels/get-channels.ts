import { useApiResource, type DistributionChannel } from 'shared-kit';
import { manufacturerChannelsPath } from './keys';
import type { ResourceResult } from '../results';

/** GET /manufacturers/{id}/channels: the manufacturer's distribution channels; `manufacturerId` null waits. */
export const useManufacturerChannels = (manufacturerId: number | null): ResourceResult<DistributionChannel[]> =>
  useApiResource<DistributionChannel[]>(manufacturerId === null ? null : manufacturerChannelsPath(manufacturerId));
