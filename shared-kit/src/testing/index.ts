// Test helpers for the apps' unit tests: imported as `shared-kit/testing`, never from the runtime index.
export * from './fake-api-client';
