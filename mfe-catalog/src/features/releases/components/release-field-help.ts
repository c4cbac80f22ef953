/** The info popup text of the release fields. */
export const releaseFieldHelp = {
  description: 'What this release is, as your team sees it in the releases list.',
  manual: "The address of the release's manual (http:// or https://).",
  app_version_min: 'The oldest app version that may install this release, e.g. 1.0.0. Leave empty for no lower limit.',
  app_version_max: 'The newest app version that may install this release, e.g. 2.0.0. Leave empty for no upper limit.',
  unlocksWithoutLicense: 'The release can be installed and used without a license (e.g. a free update or a demo).',
};
