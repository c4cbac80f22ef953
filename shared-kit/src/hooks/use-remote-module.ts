import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** After this long a load that has not finished says so and offers Retry (it keeps loading meanwhile). */
export const REMOTE_STILL_LOADING_AFTER_MS = 6_000;

/** Loads a module another remote exposes; `isRetry` asks to fetch afresh (a remote that failed, came back or moved). */
export type RemoteModuleLoader<T> = (isRetry: boolean) => Promise<T>;

type LoadState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed'; error: unknown };

export interface RemoteModule<T> {
  /** The module, once loaded. */
  module: T | undefined;
  /** Why the last attempt failed; undefined while loading or once loaded. */
  error: unknown;
  failed: boolean;
  /** Still loading after REMOTE_STILL_LOADING_AFTER_MS. */
  slow: boolean;
  /** How many retries were asked for: a key for error boundaries to reset on. */
  attempt: number;
  retry: () => void;
}

/**
 * One remote module loaded at run time, with the state every caller shows: loading, slow, failed (logged) and a
 * Retry that loads again. `name` says what is loaded ("The catalog remote"): in the log, and a new name loads anew.
 */
export function useRemoteModule<T>(
  name: string,
  load: RemoteModuleLoader<T>,
  stillLoadingAfterMs = REMOTE_STILL_LOADING_AFTER_MS,
): RemoteModule<T> {
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  });
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    setSlow(false);
    const slowTimer = setTimeout(() => active && setSlow(true), stillLoadingAfterMs);
    latestLoad.current(attempt > 0).then(
      (module) => active && setState({ status: 'ready', module }),
      (error: unknown) => {
        console.error(`${name} failed to load:`, error);
        if (active) setState({ status: 'failed', error });
      },
    );
    return () => {
      active = false;
      clearTimeout(slowTimer);
    };
  }, [name, attempt, stillLoadingAfterMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    module: state.status === 'ready' ? state.module : undefined,
    error: state.status === 'failed' ? state.error : undefined,
    failed: state.status === 'failed',
    slow: state.status === 'loading' && slow,
    attempt,
    retry,
  };
}
