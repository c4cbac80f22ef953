import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../remotes';

/** A remote that has no configured URL, or did not give the module asked for. */
export class RemoteUnavailableError extends Error {}

export interface LoadOptions {
  /** Register the remote again first (`force`), so a remote that failed, came back or moved is fetched afresh. */
  retry?: boolean;
  /** Work to finish before the module is asked for, given the remote's entry URL. */
  before?: (entry: string) => Promise<unknown>;
}

export interface RemoteLoader {
  /** A module the remote exposes (`'routes'`, `'license-table'`), or undefined when it answers nothing. */
  load<T>(remote: RemoteName, module: string, options?: LoadOptions): Promise<T | undefined>;
  /** The module, or a RemoteUnavailableError: what a page that shows another remote's component calls. */
  loadModule<T>(remote: RemoteName, module: string): Promise<T>;
}

/**
 * The one loader of remotes at run time, for the shell (the remotes of its config.json) and for `mount()` (the
 * integrator's `remotes` option): tells the federation runtime where each remote lives; nothing is fetched until a
 * module is asked for.
 */
export function createRemoteLoader(entries: Partial<Record<RemoteName, string>>): RemoteLoader {
  const configured = Object.entries(entries).filter((pair): pair is [RemoteName, string] => Boolean(pair[1]));
  if (configured.length) registerRemotes(configured.map(([name, entry]) => ({ name, entry })));

  async function load<T>(remote: RemoteName, module: string, options: LoadOptions = {}): Promise<T | undefined> {
    const entry = entries[remote];
    if (!entry) throw new RemoteUnavailableError(`No URL is configured for the ${remote} remote.`);
    if (options.retry) registerRemotes([{ name: remote, entry }], { force: true });
    await options.before?.(entry);
    return (await loadRemote<T>(`${remote}/${module.replace(/^\.\//, '')}`)) ?? undefined;
  }

  return {
    load,
    async loadModule<T>(remote: RemoteName, module: string): Promise<T> {
      const loaded = await load<T>(remote, module);
      if (!loaded) throw new RemoteUnavailableError(`The ${remote} remote did not provide ${module}.`);
      return loaded;
    },
  };
}
