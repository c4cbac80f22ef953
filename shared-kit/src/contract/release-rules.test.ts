import { APP_VERSION_PATTERN, buildsAllowDistribution, compareAppVersions } from './release-rules';

describe('release rules', () => {
  it('allows distribution with a macOS and a Windows build, or a build for any OS (docs/console.md, Distribution rule)', () => {
    expect(buildsAllowDistribution([{ os: 'macOS' }, { os: 'Windows' }])).toBe(true);
    expect(buildsAllowDistribution([{ os: 'any' }])).toBe(true);
    expect(buildsAllowDistribution([{ os: 'macOS' }])).toBe(false);
    expect(buildsAllowDistribution([{ os: 'Windows' }, { os: 'Windows' }])).toBe(false);
    expect(buildsAllowDistribution([])).toBe(false);
  });

  it('compares app versions part by part, as numbers', () => {
    expect(compareAppVersions('1.10', '1.9')).toBe(1);
    expect(compareAppVersions('1.0', '1.0.0')).toBe(0);
    expect(compareAppVersions('0.9.9', '1')).toBe(-1);
  });

  it('accepts dotted versions of one to four parts only', () => {
    const version = new RegExp(APP_VERSION_PATTERN);
    expect(['1', '1.2', '1.2.3', '10.20.30.40'].every((text) => version.test(text))).toBe(true);
    expect(['', 'v1', '1.', '1..2', '1.2.3.4.5', '1.2-beta'].some((text) => version.test(text))).toBe(false);
  });
});
