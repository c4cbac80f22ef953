import type { Build } from 'shared-kit';

/** docs/console.md, Builds: a build's version reads major.minor.revision. */
export const buildVersion = (build: Pick<Build, 'major' | 'minor' | 'revision'>) =>
  `${build.major}.${build.minor}.${build.revision}`;

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
