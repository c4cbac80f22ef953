// The one test harness of the apps' unit tests: imported as `shared-kit/testing`, never from the runtime index.
export * from './audit-events';
export * from './capture-downloads';
export * from './fake-api-client';
export * from './fake-fetch';
export * from './fixtures';
export * from './link-targets';
export * from './render-page';
export * from './test-services';
export * from './table-text';
