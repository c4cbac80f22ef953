import type { ReleaseDistribution } from 'shared-kit/contract';
import { apiTimestamp } from '../db/api-timestamps';

type DistributionRow = Omit<ReleaseDistribution, 'created_at'> & { created_at: Date };

export const toReleaseDistribution = (row: DistributionRow): ReleaseDistribution => ({
  ...row,
  created_at: apiTimestamp(row.created_at),
});
