import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRoutesModule } from 'shared-kit';
import { checkRemoteCompatibility } from './remote-compatibility';

let remoteUrls: Record<string, string> = {};

/** Tells the federation runtime where each remote lives (from config.json); nothing is fetched yet. */
export function registerRemoteUrls(remotes: Record<string, string>): void {
  remoteUrls = remotes;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

export class RemoteUnavailableError extends Error {}

/**
 * The kit's data layer is a shared module the sign-in page does not load. The shell loads its own copy before a
 * remote first asks for it, so every remote uses that one (with the shell's SWR) rather than a copy of its own.
 */
const loadSharedKitData = () => import('shared-kit/data');

/** Loads any module a remote exposes, for remotes that show another remote's component. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  if (!remoteUrls[remote]) throw new RemoteUnavailableError(`No URL is configured for the ${remote} remote.`);
  const loaded = await loadRemote<T>(`${remote}/${module}`);
  if (!loaded) throw new RemoteUnavailableError(`The ${remote} remote did not provide ${module}.`);
  return loaded;
}

/**
 * Loads a remote's routes module. `retry` re-registers the remote first, so a remote that failed (down,
 * moved) is fetched afresh instead of answering from the runtime's cache of the failure.
 */
export async function loadRemoteRoutes(remote: RemoteName, retry = false): Promise<RemoteRoutesModule> {
  const entry = remoteUrls[remote];
  if (!entry) throw new RemoteUnavailableError(`No URL is configured for the ${remote} remote.`);
  if (retry) registerRemotes([{ name: remote, entry }], { force: true });
  await Promise.all([checkRemoteCompatibility(entry), loadSharedKitData()]);
  const module = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
  if (!module?.default) throw new RemoteUnavailableError(`The ${remote} remote did not provide its routes.`);
  return module;
}
