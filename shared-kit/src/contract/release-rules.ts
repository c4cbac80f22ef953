// The release rules the console and the server share. No TypeBox here, so the console can use them without
// shipping the schema library.

export const RELEASE_TEXT_MAX_LENGTH = 2000;
/** `1`, `1.2`, `1.2.3` or `1.2.3.4`. */
export const APP_VERSION_PATTERN = '^\\d{1,9}(\\.\\d{1,9}){0,3}$';

// docs/console.md, Distribution rule, verbatim.
export const CANNOT_DISTRIBUTE_RELEASE = 'Cannot Distribute release with current Build choices.';
export const RELEASE_DISTRIBUTION_RULE =
  'A Release needs at least one Build for Windows and MacOS, or alternatively a build for any OS, to be released to a Distribution Channel.';

/** docs/console.md, Distribution rule: a release distributed to any channel needs a macOS and a Windows build, or one build for any OS. */
export function buildsAllowDistribution(builds: ReadonlyArray<{ os: string }>): boolean {
  const oses = new Set(builds.map((build) => build.os));
  return oses.has('any') || (oses.has('macOS') && oses.has('Windows'));
}

/** Compares dotted versions numerically (`1.10` is after `1.9`; missing parts count as 0). */
export function compareAppVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
