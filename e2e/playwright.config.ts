import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  deliveredMailDir,
  E2E_BASE_URL,
  E2E_MAIL_ENV,
  E2E_MASTER_KEY,
  E2E_PG_PORT,
  E2E_PORT,
  E2E_SMTP_PORT,
} from './support/stack';

// The real stack as `npm start` runs it (built shell + remotes served by the API server on an embedded
// PostgreSQL with demo data), in a fresh data folder per run.
const dataDir = process.env.PRODUCTHUB_E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'producthub-e2e-'));
// The workers inherit it: specs read the stored files the server wrote there (support/stack.ts).
process.env.PRODUCTHUB_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.PRODUCTHUB_CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Started in this order, each once the one before answers: the SMTP capture first, so that the API server's mail
  // worker sends every mail of the run through it.
  webServer: [
    {
      command: `node support/smtp-capture.mjs ${E2E_SMTP_PORT} ${deliveredMailDir(dataDir)}`,
      port: E2E_SMTP_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node ../api-server/dist/main.js',
      url: `${E2E_BASE_URL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(E2E_PORT),
        PRODUCTHUB_DATA_DIR: dataDir,
        PRODUCTHUB_EMBEDDED_PG_PORT: String(E2E_PG_PORT),
        PRODUCTHUB_MASTER_KEY: E2E_MASTER_KEY,
        PRODUCTHUB_ENV: 'e2e',
        PRODUCTHUB_LOGIN_RATE_LIMIT: '1000',
        PRODUCTHUB_LOGIN_ADDRESS_RATE_LIMIT: '1000',
        PRODUCTHUB_PASSWORD_CHECK_CONCURRENCY: '16',
        // Every spec signs customers in and uploads offline requests from 127.0.0.1; the portal's own limits are proven
        // by the API suite.
        PRODUCTHUB_PORTAL_CODE_RATE_LIMIT: '1000',
        PRODUCTHUB_PORTAL_CODE_ADDRESS_RATE_LIMIT: '1000',
        PRODUCTHUB_PORTAL_SIGN_IN_ADDRESS_RATE_LIMIT: '1000',
        PRODUCTHUB_PORTAL_OFFLINE_RATE_LIMIT: '1000',
        PRODUCTHUB_PORTAL_OFFLINE_ADDRESS_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // tests/webhooks.spec.ts delivers to a receiver on 127.0.0.1 (docs/webhooks.md, SSRF protection).
        PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE: 'true',
        // tests/sso.spec.ts signs in through an OpenID provider on 127.0.0.1 (docs/staff-access.md, Single sign-on).
        PRODUCTHUB_SSO_ALLOW_PRIVATE_ISSUERS: 'true',
        ...E2E_MAIL_ENV,
      },
    },
  ],
});
