// The example plugin (built by `make`) driven against a loopback server that signs with a test key, or against the
// real server (test/support/real-server.ts); run by the "clients" suite of scripts/test.mjs after the C++ vector tests.
const { join } = require('node:path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 60_000,
  transform: { '\\.tsx?$': ['babel-jest', { configFile: join(__dirname, '..', 'babel.config.js') }] },
  moduleNameMapper: { '^signed-formats$': join(__dirname, '..', 'signed-formats', 'src', 'index.ts') },
};
