import { manufacturerSession } from 'shared-kit/testing';
import {
  formatDateTime,
  type Build,
  type BuildFile,
  type DistributionChannel,
  type Product,
  type Release,
} from 'shared-kit';

/** The signed-in manufacturer's id (the harness's default session). */
export const MANUFACTURER_ID = manufacturerSession.manufacturer!.id;

const STAMP = '2026-03-05T14:07:00.000Z';

/** A record's Created At and Updated At cells, as a list shows them. */
export const createdAndUpdated = (record: { created_at: string; updated_at: string }) => [
  formatDateTime(record.created_at),
  formatDateTime(record.updated_at),
];

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    manufacturer_id: 7,
    name: 'Aurora Reverb',
    type: 'Full',
    public_key: 'u0rm1Bj3m3aX8Q2s7d9n4ZkZ8m1f2Gq3x4v5c6b7n8o=',
    plugin_name: 'AuroraReverb',
    dependency_id: null,
    deprecated: false,
    upgrade_id: null,
    identifier: 'com.aurora.reverb',
    trial_days: 14,
    machine_limit: 3,
    series: 'Studio',
    content_base_directory: null,
    tagline: 'Big rooms',
    page: 'https://aurora.example/reverb',
    app_image: null,
    plugin_browser_logo: null,
    plugin_browser_moodshot: null,
    app_featured: false,
    app_sort_order: 1,
    app_sort_order_featured: 1,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makeBuild(overrides: Partial<Build> = {}): Build {
  return {
    id: 10,
    product_id: 1,
    os: 'macOS',
    major: 1,
    minor: 2,
    revision: 3,
    build_number: 42,
    upload_confirmed: true,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export function makeBuildFile(overrides: Partial<BuildFile> = {}): BuildFile {
  return {
    name: 'Reverb.pkg',
    size: 1536,
    sha256: 'ab'.repeat(32),
    url: '/api/v1/products/1/builds/10/files/Reverb.pkg',
    ...overrides,
  };
}

export const RELEASE_CHANNEL: DistributionChannel = { id: 1, type: 'Release', name: 'Release' };
export const BETA_CHANNEL: DistributionChannel = { id: 2, type: 'Beta', name: 'Beta' };

export function makeRelease(overrides: Partial<Release> = {}): Release {
  return {
    id: 30,
    product_id: 1,
    description: 'Spring release',
    unlocks_wo_license: false,
    manual: 'https://aurora.example/manual.pdf',
    app_version_min: '1.0.0',
    app_version_max: null,
    builds: [],
    distributions: [],
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

export const distributionTo = (channel: DistributionChannel, releaseId = 30) => ({
  id: 100 + channel.id,
  release_id: releaseId,
  channel,
  created_at: STAMP,
});
