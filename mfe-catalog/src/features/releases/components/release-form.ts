import type { Build, Release, ReleaseCreateBody, ReleasePatchBody } from 'shared-kit';
import {
  APP_VERSION_PATTERN,
  buildsAllowDistribution,
  compareAppVersions,
  isHttpUrl,
  notAnHttpUrl,
} from 'shared-kit/contract';
import { contractErrors, type ContractRules } from 'shared-kit/forms';

export interface ReleaseFormValues {
  description: string;
  unlocksWithoutLicense: boolean;
  manual: string;
  app_version_min: string;
  app_version_max: string;
  builds: Build[];
  /** The channels the release is to be distributed to (edit only). */
  channelIds: ReadonlySet<number>;
}

export type ReleaseFormErrors = Partial<Record<'manual' | 'app_version_min' | 'app_version_max', string>>;

const VERSION = new RegExp(APP_VERSION_PATTERN);

export function newReleaseForm(builds: Build[]): ReleaseFormValues {
  return {
    description: '',
    unlocksWithoutLicense: false,
    manual: '',
    app_version_min: '',
    app_version_max: '',
    builds,
    channelIds: new Set(),
  };
}

export function formOfRelease(release: Release): ReleaseFormValues {
  return {
    description: release.description ?? '',
    unlocksWithoutLicense: release.unlocks_wo_license,
    manual: release.manual ?? '',
    app_version_min: release.app_version_min ?? '',
    app_version_max: release.app_version_max ?? '',
    builds: release.builds,
    channelIds: new Set(release.distributions.map((distribution) => distribution.channel.id)),
  };
}

/** docs/console.md, Distribution rule: with any channel chosen, the builds need a macOS and a Windows build, or one for any OS. */
export const distributionBlocked = (values: Pick<ReleaseFormValues, 'builds' | 'channelIds'>) =>
  values.channelIds.size > 0 && !buildsAllowDistribution(values.builds);

export const SAVE_BUILDS_FIRST = 'Save the new build choices first, then add the release to a channel.';

/**
 * Saving an edited release sends channel changes before the release (docs/console.md, Release form), so a channel
 * added in the same save is checked against the builds saved before (the server keeps the distribution rule at every
 * step). True when that would be refused although the new build choices are fine: the user saves the builds first.
 */
export function channelsNeedSavedBuilds(
  values: Pick<ReleaseFormValues, 'builds' | 'channelIds'>,
  saved: Pick<ReleaseFormValues, 'builds' | 'channelIds'>,
): boolean {
  const adds = [...values.channelIds].some((channelId) => !saved.channelIds.has(channelId));
  return adds && !buildsAllowDistribution(saved.builds) && !distributionBlocked(values);
}

const VERSION_TEXT = (label: string) => `${label} must be a version such as 1.2.3.`;

/** Rules beyond the schema's: the manual is a web address, and the versions are in order (compared by number). */
function releaseRules(values: ReleaseFormValues): ReleaseFormErrors {
  const errors: ReleaseFormErrors = {};
  const manual = values.manual.trim();
  const min = values.app_version_min.trim();
  const max = values.app_version_max.trim();
  if (manual && !isHttpUrl(manual)) errors.manual = notAnHttpUrl('Manual URL');
  if (VERSION.test(min) && VERSION.test(max) && compareAppVersions(min, max) > 0) {
    errors.app_version_max = 'App Version Min must not be greater than App Version Max.';
  }
  return errors;
}

/** The form checked as the server checks the body it sends: POST's schema when creating, PATCH's on `release`. */
export function releaseContract(
  release?: Release,
): ContractRules<ReleaseFormValues, ReleaseCreateBody | ReleasePatchBody> {
  return {
    // Loaded with the first check: the schema library stays out of the remote's first load.
    schema: () =>
      import('shared-kit/contract').then((contract) =>
        release ? contract.ReleasePatchBody : contract.ReleaseCreateBody,
      ),
    toBody: (values) => (release ? toPatchBody(values, release) : toCreateBody(values)),
    fieldOf: { unlocks_wo_license: 'unlocksWithoutLicense' },
    messages: { app_version_min: VERSION_TEXT('App Version Min'), app_version_max: VERSION_TEXT('App Version Max') },
    rules: releaseRules,
  };
}

/** What the server would refuse, said before the round trip. */
export const validateReleaseForm = (values: ReleaseFormValues): Promise<ReleaseFormErrors> =>
  contractErrors(releaseContract(), values);

const fieldsOf = (values: ReleaseFormValues) => ({
  description: values.description.trim(),
  manual: values.manual.trim(),
  app_version_min: values.app_version_min.trim(),
  app_version_max: values.app_version_max.trim(),
});

/** POST /products/{id}/releases: empty text is omitted (docs/console.md, Release form), builds become their ids. */
export function toCreateBody(values: ReleaseFormValues): ReleaseCreateBody {
  const body: ReleaseCreateBody = {
    unlocks_wo_license: values.unlocksWithoutLicense,
    builds: values.builds.map((build) => build.id),
  };
  for (const [field, text] of Object.entries(fieldsOf(values)) as [keyof ReturnType<typeof fieldsOf>, string][]) {
    if (text) body[field] = text;
  }
  return body;
}

/** PATCH /products/{id}/releases/{releaseId}: every field is sent. */
export function toPatchBody(values: ReleaseFormValues, release: Release): ReleasePatchBody {
  const { builds: _builds, distributions: _distributions, ...stored } = release;
  return {
    ...stored,
    ...fieldsOf(values),
    unlocks_wo_license: values.unlocksWithoutLicense,
    builds: values.builds.map((build) => build.id),
  };
}
