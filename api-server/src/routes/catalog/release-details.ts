import type { Release } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { buildsOfReleases, distributionsOfReleases } from '../../repositories/releases';

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

const iso = (date: Date) => date.toISOString();

/** Releases as the API answers them: each with its builds and the channels it is distributed to. */
export async function withBuildsAndDistributions(db: Db, rows: ReleaseRow[]): Promise<Release[]> {
  const ids = rows.map((row) => row.id);
  const [builds, distributions] = await Promise.all([buildsOfReleases(db, ids), distributionsOfReleases(db, ids)]);
  return rows.map((row) => ({
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    builds: (builds.get(row.id) ?? []).map((build) => ({ ...build, created_at: iso(build.created_at), updated_at: iso(build.updated_at) })),
    distributions: (distributions.get(row.id) ?? []).map((distribution) => ({ ...distribution, created_at: iso(distribution.created_at) })),
  }));
}
