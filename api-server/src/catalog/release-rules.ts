import type { ReleaseCreateBody, ReleasePatchBody } from 'shared-kit/contract';
import {
  CANNOT_DISTRIBUTE_RELEASE,
  RELEASE_DISTRIBUTION_RULE,
  compareAppVersions,
  isHttpUrl,
  notAnHttpUrl,
} from 'shared-kit/contract';
import type { Db } from '../db/database';
import { badRequest } from '../lib/http-error';
import { findBuildsOfProduct } from './queries/builds';
import type { ReleaseFields } from './queries/releases';

/** The server's answer when the distribution rule (docs/console.md, Distribution rule) is broken: the console's text and its explanation. */
export const RELEASE_NOT_DISTRIBUTABLE = `${CANNOT_DISTRIBUTE_RELEASE} ${RELEASE_DISTRIBUTION_RULE}`;
export const MANUAL_NOT_A_URL = notAnHttpUrl('Manual URL');
export const VERSIONS_OUT_OF_ORDER = 'App Version Min must not be greater than App Version Max.';
export const notBuildsOfProduct = (ids: number[]) =>
  `${ids.length === 1 ? `Build ${ids[0]} is` : `Builds ${ids.join(', ')} are`} not ${ids.length === 1 ? 'a build' : 'builds'} of this product.`;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const NEW_RELEASE: ReleaseFields = {
  description: null,
  unlocks_wo_license: false,
  manual: null,
  app_version_min: null,
  app_version_max: null,
};

/** The release's fields after an edit: what the body sends replaces what is stored; empty text means none. */
export function releaseFieldsOf(
  body: ReleasePatchBody | ReleaseCreateBody,
  current: ReleaseFields = NEW_RELEASE,
): ReleaseFields {
  const next: ReleaseFields = {
    description: current.description,
    unlocks_wo_license: body.unlocks_wo_license ?? current.unlocks_wo_license,
    manual: current.manual,
    app_version_min: current.app_version_min,
    app_version_max: current.app_version_max,
  };
  for (const field of ['description', 'manual', 'app_version_min', 'app_version_max'] as const) {
    if (body[field] !== undefined) next[field] = blankToNull(body[field]);
  }
  if (next.manual !== null && !isHttpUrl(next.manual)) throw badRequest(MANUAL_NOT_A_URL);
  if (
    next.app_version_min !== null &&
    next.app_version_max !== null &&
    compareAppVersions(next.app_version_min, next.app_version_max) > 0
  ) {
    throw badRequest(VERSIONS_OUT_OF_ORDER);
  }
  return next;
}

/** The product's builds with these ids (repeats ignored), or 400 naming the ids that are not its builds. */
export async function requireBuildsOfProduct(db: Db, manufacturerId: number, productId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const builds = await findBuildsOfProduct(db, manufacturerId, productId, unique);
  const found = new Set(builds.map((build) => build.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(notBuildsOfProduct(missing));
  return builds;
}
