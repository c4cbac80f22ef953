import { type Release, type ReleaseDistribution, type ReleasePatchBody } from 'shared-kit';
import { channelKeys, releaseKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface EditedRelease {
  manufacturerId: number;
  release: Release;
  /** The channels the release should be distributed to once saved. */
  channelIds: ReadonlySet<number>;
  body: ReleasePatchBody;
}

/** The channel changes a save makes: what to leave, then what to join. */
export function channelChanges(release: Release, channelIds: ReadonlySet<number>) {
  const current = new Set(release.distributions.map((distribution) => distribution.channel.id));
  return {
    removals: [...current].filter((channelId) => !channelIds.has(channelId)),
    additions: [...channelIds].filter((channelId) => !current.has(channelId)),
  };
}

/**
 * docs/console.md, Release form: channel removals (DELETE /manufacturers/{id}/channels/{channelId}/releases/{releaseId}) and additions
 * (POST …/channels/{channelId}/releases) go first, one at a time; the release itself (PATCH
 * /products/{id}/releases/{releaseId}) is saved only if every one of them succeeded. Whatever happened, the release
 * is fetched afresh so the form shows the truth.
 */
const saveEditedRelease: ApiMutation<EditedRelease, Release> = {
  name: 'save-edited-release',
  run: async (api, { manufacturerId, release, channelIds, body }) => {
    const { removals, additions } = channelChanges(release, channelIds);
    for (const channelId of removals) await api.delete(channelKeys.release(manufacturerId, channelId, release.id)[0]);
    for (const channelId of additions) {
      await api.post<ReleaseDistribution>(channelKeys.releases(manufacturerId, channelId)[0], {
        product_release_id: release.id,
      });
    }
    return api.patch<Release>(releaseKeys.detail(release.product_id, release.id)[0], body);
  },
  invalidates: ({ release }) => releaseKeys.allOf(release.product_id),
  invalidateOnFailure: true,
};

export const useSaveEditedRelease = () => useApiMutation(saveEditedRelease);
