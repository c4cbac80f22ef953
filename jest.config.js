// Two projects: `unit` (jsdom + node, no database) and `api` (the HTTP API against a real PostgreSQL).
// The console's remotes and the customers' (the portal): every remote's unit tests.
const remoteApps = [
  ...Object.values(require('./shared-kit/src/remotes.json')),
  ...Object.values(require('./shared-kit/src/customer-remotes.json')),
];

const sharedKitSource = {
  '^shared-kit$': '<rootDir>/shared-kit/src/index.ts',
  '^shared-kit/contract$': '<rootDir>/shared-kit/src/contract/index.ts',
  '^shared-kit/data$': '<rootDir>/shared-kit/src/data/index.ts',
  '^shared-kit/forms$': '<rootDir>/shared-kit/src/forms/index.ts',
  '^shared-kit/pages$': '<rootDir>/shared-kit/src/pages/index.ts',
  '^shared-kit/remote-module$': '<rootDir>/shared-kit/src/hooks/use-remote-module.ts',
  '^shared-kit/remotes$': '<rootDir>/shared-kit/src/remotes.ts',
  '^shared-kit/testing$': '<rootDir>/shared-kit/src/testing/index.ts',
  '^signed-formats$': '<rootDir>/signed-formats/src/index.ts',
};

module.exports = {
  // Generous for a 2-core machine under load (CI, or several runs at once); tests assert behaviour, not time.
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shared-kit/src',
        '<rootDir>/signed-formats/src',
        '<rootDir>/signed-formats/scripts',
        '<rootDir>/shell/src',
        ...remoteApps.map((app) => `<rootDir>/${app}/src`),
        '<rootDir>/api-server/src',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      moduleNameMapper: sharedKitSource,
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
    },
    {
      // Real server processes (the built dist) crashed, cut off from their database and stopped under load.
      displayName: 'reliability',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/api-server/test-reliability'],
      testMatch: ['**/*.test.ts'],
      moduleNameMapper: sharedKitSource,
      setupFilesAfterEnv: ['<rootDir>/api-server/test-reliability/support/setup.ts'],
    },
    {
      // Bundle budgets, read from the built apps' dist/.
      displayName: 'budget',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/tools/bundle-budget'],
      testMatch: ['**/*.test.js'],
    },
    {
      // The lint rules' own tests (tools/eslint): each import boundary, the cycle rule and the console's spelling fire on a file that breaks them.
      displayName: 'lint-rules',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/tools/eslint'],
      testMatch: ['**/*.test.ts'],
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/api-server/test'],
      testMatch: ['**/*.test.ts'],
      moduleNameMapper: sharedKitSource,
      // cookie@2 (used by fastify's inject) ships only as ESM: compile it like our own code.
      transformIgnorePatterns: ['/node_modules/(?!(.*/)?(cookie|openid-client|oauth4webapi|jose|oidc-provider)/)'],
      setupFilesAfterEnv: ['<rootDir>/api-server/test/support/setup.ts'],
      globalSetup: '<rootDir>/api-server/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/api-server/test/support/global-teardown.mjs',
    },
  ],
};
