// The client library's own tests (vectors, tampering, calls against a loopback server), run by `npm test -w client-js`
// and by the "clients" suite of scripts/test.mjs. The repository's one babel config compiles the TypeScript.
const { join } = require('node:path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 20_000,
  transform: { '\\.ts$': ['babel-jest', { configFile: join(__dirname, '..', 'babel.config.js') }] },
  // The formats are signed-formats' sources here; the build carries the compiled package in dist/signed-formats.
  moduleNameMapper: { '^signed-formats$': join(__dirname, '..', 'signed-formats', 'src', 'index.ts') },
};
