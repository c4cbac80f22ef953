import { resourceKey, scope } from 'shared-kit/data';

/**
 * A manufacturer's API keys (one unpaged list; new keys are posted here too) and a key's revocation. Kept in the
 * feature, built on the kit's `resourceKey` and `scope`: a remote uses the shell's copy of `shared-kit/data`, so a
 * factory added there would be missing under a shell built before it.
 */
export const apiKeyKeys = {
  list: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'api-keys'),
  revoke: (manufacturerId: number, keyId: number) =>
    resourceKey('manufacturers', manufacturerId, 'api-keys', keyId, 'revoke'),
  listOf: (manufacturerId: number) => scope('manufacturers', manufacturerId, 'api-keys'),
};
