import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// findBy/waitFor wait 5 s, not 1 s: on a loaded 2-core machine a save then navigate takes 1.5-3 s (as testTimeout,
// generous; the tests assert behaviour, not time).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs: react-router encodes with TextEncoder, Radix measures with ResizeObserver.
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Dialogs, popups and a remote's later pages load their code on demand (shared-kit/src/ui/lazy-part.ts,
// lazy-page.tsx): have it before each file's tests, so a preloaded lazy page renders in the first render.
beforeAll(async () => {
  const { preloadLazyParts } = await import('../../shared-kit/src/ui/lazy-part');
  await import('../../shared-kit/src/ui/index');
  await preloadLazyParts();
});
