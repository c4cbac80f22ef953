// The JUCE module's controller (build/producthub_controller_driver, built with cmake) against a loopback server that
// signs with a test key; run by the "clients" suite of scripts/test.mjs after the module's C++ tests.
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
