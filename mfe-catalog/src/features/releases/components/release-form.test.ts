import { makeBuild, makeRelease, BETA_CHANNEL, distributionTo } from '../../../shared/test-support/fixtures';
import {
  channelsNeedSavedBuilds,
  distributionBlocked,
  formOfRelease,
  newReleaseForm,
  toCreateBody,
  toPatchBody,
  validateReleaseForm,
} from './release-form';

const mac = makeBuild({ id: 1, os: 'macOS' });
const win = makeBuild({ id: 2, os: 'Windows' });
const any = makeBuild({ id: 3, os: 'any' });

describe('release form rules', () => {
  it.each([
    [[], [], false],
    [[mac], [], false],
    [[mac], [2], true],
    [[], [2], true],
    [[win, win], [2], true],
    [[mac, win], [2], false],
    [[any], [1, 2], false],
    [[mac, any], [1], false],
  ])('builds %j with channels %j: distribution blocked is %s', (builds, channels, blocked) => {
    expect(distributionBlocked({ builds, channelIds: new Set(channels) })).toBe(blocked);
  });

  it('asks for the builds to be saved first when a channel is added to a release whose saved builds cannot be distributed', () => {
    const saved = { builds: [mac], channelIds: new Set<number>() };
    expect(channelsNeedSavedBuilds({ builds: [mac, win], channelIds: new Set([2]) }, saved)).toBe(true);
    expect(channelsNeedSavedBuilds({ builds: [mac, win], channelIds: new Set<number>() }, saved)).toBe(false);
    expect(channelsNeedSavedBuilds({ builds: [mac], channelIds: new Set([2]) }, saved)).toBe(false); // blocked by the distribution rule instead
    expect(
      channelsNeedSavedBuilds(
        { builds: [any], channelIds: new Set([2]) },
        { builds: [mac, win], channelIds: new Set<number>() },
      ),
    ).toBe(false);
    expect(
      channelsNeedSavedBuilds(
        { builds: [mac, win], channelIds: new Set([1]) },
        { builds: [mac], channelIds: new Set([1]) },
      ),
    ).toBe(false);
  });

  it('checks the manual address and the versions, comparing versions by number', async () => {
    const values = newReleaseForm([]);
    expect(
      await validateReleaseForm({
        ...values,
        manual: 'https://x.example/m.pdf',
        app_version_min: '1.9',
        app_version_max: '1.10',
      }),
    ).toEqual({});
    expect(
      await validateReleaseForm({ ...values, manual: 'manual.pdf', app_version_min: 'v1', app_version_max: '2.x' }),
    ).toEqual({
      manual: 'Manual URL must be an http:// or https:// address.',
      app_version_min: 'App Version Min must be a version such as 1.2.3.',
      app_version_max: 'App Version Max must be a version such as 1.2.3.',
    });
    expect(await validateReleaseForm({ ...values, app_version_min: '2.0.0', app_version_max: '1.10' })).toEqual({
      app_version_max: 'App Version Min must not be greater than App Version Max.',
    });
  });

  it('omits empty text from the create body and sends the build ids', () => {
    expect(toCreateBody({ ...newReleaseForm([mac, win]), description: ' Spring ', app_version_min: '1.0' })).toEqual({
      description: 'Spring',
      app_version_min: '1.0',
      unlocks_wo_license: false,
      builds: [1, 2],
    });
  });

  it('reads a release into the form (unlocks_wo_license as unlocksWithoutLicense) and sends every field on update', () => {
    const release = makeRelease({
      id: 30,
      unlocks_wo_license: true,
      builds: [mac],
      distributions: [distributionTo(BETA_CHANNEL)],
      app_version_max: null,
    });
    const values = formOfRelease(release);
    expect(values).toMatchObject({
      unlocksWithoutLicense: true,
      app_version_max: '',
      builds: [mac],
      channelIds: new Set([BETA_CHANNEL.id]),
    });
    const body = toPatchBody({ ...values, description: '', builds: [any] }, release);
    expect(body).toEqual({
      id: 30,
      product_id: 1,
      description: '',
      unlocks_wo_license: true,
      manual: 'https://aurora.example/manual.pdf',
      app_version_min: '1.0.0',
      app_version_max: '',
      builds: [3],
      created_at: release.created_at,
      updated_at: release.updated_at,
    });
  });
});
