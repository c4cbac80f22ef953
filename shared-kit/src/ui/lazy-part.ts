import { useEffect, useState, type ComponentType } from 'react';

const everyPart: (() => Promise<unknown>)[] = [];

/** Adds a lazily loaded part's fetch to those preloadLazyParts starts. */
export function registerLazyPart(start: () => Promise<unknown>) {
  everyPart.push(start);
}

/** Fetches every lazy part now (unit tests do, so a dialog opens in the same render as in a warm browser). */
export function preloadLazyParts(): Promise<unknown> {
  return Promise.all(everyPart.map((start) => start()));
}

/**
 * A component whose code is not needed for a first paint (dialogs and popups: Radix focus management, scroll
 * locking, positioning) and comes in its own chunk. The chunk is fetched once, when the first component using
 * the hook mounts, so it arrives after the page is drawn; from then on the component renders at once. A failed
 * fetch is tried again by the next component that mounts.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  registerLazyPart(start);

  return function useLazyPart(): ComponentType<P> | undefined {
    const [component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (component) return;
      let mounted = true;
      start().then(
        (loadedComponent) => mounted && setComponent(() => loadedComponent),
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    }, [component]);
    return component;
  };
}
