import { satisfy } from '@module-federation/enhanced/runtime';
import sharedKitPackage from 'shared-kit/package.json';

/** The shared-kit the shell was built with: the copy every remote gets (the shell loads it first). */
export const CONSOLE_SHARED_KIT_VERSION: string = sharedKitPackage.version;

/** A remote built against a shared-kit this console cannot give it (shared-kit is a shared singleton). */
export class RemoteIncompatibleError extends Error {
  constructor(readonly requiredSharedKit: string) {
    super(`The remote needs shared-kit ${requiredSharedKit}; this console provides ${CONSOLE_SHARED_KIT_VERSION}.`);
  }
}

interface ManifestShared {
  name?: unknown;
  requiredVersion?: unknown;
}

/**
 * Reads the shared-kit range the remote was built against from its mf-manifest.json and refuses it when the
 * console's shared-kit is outside that range, so an incompatible remote fails with a clear message instead of
 * running against an API it does not know. A manifest that cannot be read is left to the loader, which then
 * reports the remote as unavailable; a remoteEntry.js entry has no manifest to read.
 */
export async function checkRemoteCompatibility(entry: string): Promise<void> {
  if (!/\.json(\?|$)/.test(entry)) return;
  let shared: ManifestShared[] = [];
  try {
    const response = await fetch(entry, { cache: 'no-cache' });
    if (!response.ok) return;
    const manifest = (await response.json()) as { shared?: unknown };
    if (Array.isArray(manifest.shared)) shared = manifest.shared as ManifestShared[];
  } catch {
    return;
  }
  const required = shared.find((item) => item.name === 'shared-kit')?.requiredVersion;
  if (typeof required === 'string' && required !== '' && !satisfy(CONSOLE_SHARED_KIT_VERSION, required)) {
    throw new RemoteIncompatibleError(required);
  }
}
