import type { Release, ReleaseDistribution } from 'shared-kit/contract';
import { toBuild } from './builds';
import { apiTimestamp, withApiTimestamps } from '../db/api-timestamps';

interface ReleaseRow {
  id: number;
  product_id: number;
  description: string | null;
  unlocks_wo_license: boolean;
  manual: string | null;
  app_version_min: string | null;
  app_version_max: string | null;
  created_at: Date;
  updated_at: Date;
}

type DistributionRow = Omit<ReleaseDistribution, 'created_at'> & { created_at: Date };

/** A release as the API answers it: with its builds and the channels it is distributed to. */
export function toRelease(
  row: ReleaseRow,
  builds: Parameters<typeof toBuild>[0][],
  distributions: DistributionRow[],
): Release {
  return {
    ...withApiTimestamps(row),
    builds: builds.map(toBuild),
    distributions: distributions.map(toReleaseDistribution),
  };
}

export const toReleaseDistribution = (row: DistributionRow): ReleaseDistribution => ({
  ...row,
  created_at: apiTimestamp(row.created_at),
});
