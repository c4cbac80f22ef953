import { useCallback } from 'react';
import { useApiClient, type Release, type ReleasePatchBody } from 'shared-kit';
import { addReleaseToChannel, removeReleaseFromChannel } from '../channels/distribute-release';
import { useRevalidateApiPaths } from '../revalidate';
import { isReleasePathOf, releasePath } from './keys';

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
 * SPEC §4: channel removals and additions go first, one at a time; the release itself is saved only if every
 * one of them succeeded. Whatever happened, the release is fetched afresh so the form shows the truth.
 */
export function useSaveEditedRelease() {
  const api = useApiClient();
  const revalidate = useRevalidateApiPaths();
  return useCallback(
    async ({ manufacturerId, release, channelIds, body }: EditedRelease) => {
      const { removals, additions } = channelChanges(release, channelIds);
      try {
        for (const channelId of removals) await removeReleaseFromChannel(api, manufacturerId, channelId, release.id);
        for (const channelId of additions) await addReleaseToChannel(api, manufacturerId, channelId, release.id);
        return await api.patch<Release>(releasePath(release.product_id, release.id), body);
      } finally {
        await revalidate(isReleasePathOf(release.product_id));
      }
    },
    [api, revalidate],
  );
}
