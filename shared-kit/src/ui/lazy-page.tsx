import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { registerLazyPart } from './lazy-part';
import { Spinner } from './Spinner';

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component whose code comes in its own chunk, fetched when it first renders (React.lazy), with `fallback`
 * shown meanwhile. Once fetched (or preloaded, as unit tests do with preloadLazyParts) it renders at once, in the
 * same render, so a warm page never flashes the fallback.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  registerLazyPart(start);
  // React.lazy takes a value from a thenable that settles synchronously in the same render.
  const Lazy = lazy<ComponentType<P>>(() =>
    loaded ? ({ then: (resolve: (value: Loaded<P>) => void) => resolve(loaded!) } as Promise<Loaded<P>>) : start(),
  );
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** A route's page loaded when it is first visited, so a remote's first screen does not carry its other pages. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyComponent(load, <Spinner label="Loading..." />);
}
