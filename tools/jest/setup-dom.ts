import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these browser APIs: react-router encodes with TextEncoder, Radix measures with ResizeObserver.
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Dialogs and popups load their code on demand (shared-kit/src/ui/lazy-part.ts): have it before each file's tests.
beforeAll(async () => {
  const { preloadLazyParts } = await import('../../shared-kit/src/ui/lazy-part');
  await import('../../shared-kit/src/ui/index');
  await preloadLazyParts();
});
