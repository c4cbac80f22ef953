import { createRemoteLoader, RemoteUnavailableError, type RemoteName, type RemoteRoutesModule } from 'shared-kit';
import { checkRemoteCompatibility } from './remote-compatibility';

export { RemoteUnavailableError };

let loader = createRemoteLoader({});

/** Tells the federation runtime where each remote lives (from config.json); nothing is fetched yet. */
export function registerRemoteUrls(remotes: Record<string, string>): void {
  loader = createRemoteLoader(remotes);
}

/**
 * The kit's data layer is a shared module the sign-in page does not load. The shell loads its own copy before a
 * remote first asks for it, so every remote uses that one (with the shell's SWR) rather than a copy of its own.
 */
const loadSharedKitData = () => import('shared-kit/data');

/** Loads any module a remote exposes, for remotes that show another remote's component. */
export const loadRemoteModule = <T>(remote: RemoteName, module: string): Promise<T> =>
  loader.loadModule<T>(remote, module);

/**
 * Loads a remote's routes (its manifest, exposed as ./routes). `retry` re-registers the remote first, so a remote
 * that failed (down, moved) is fetched afresh instead of answering from the runtime's cache of the failure.
 */
export async function loadRemoteRoutes(remote: RemoteName, retry = false): Promise<RemoteRoutesModule> {
  const module = await loader.load<RemoteRoutesModule>(remote, 'routes', {
    retry,
    before: (entry) => Promise.all([checkRemoteCompatibility(entry), loadSharedKitData()]),
  });
  if (!module?.default) throw new RemoteUnavailableError(`The ${remote} remote did not provide its routes.`);
  return module;
}
