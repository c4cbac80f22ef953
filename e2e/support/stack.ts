import { join } from 'node:path';
export const E2E_PORT = Number(process.env.PRODUCTHUB_E2E_PORT || 8180);
export const E2E_PG_PORT = Number(process.env.PRODUCTHUB_E2E_PG_PORT || 54380);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The run's SMTP capture (support/smtp-capture.mjs), beside the e2e port so that runs on other ports never collide. */
export const E2E_SMTP_PORT = Number(process.env.PRODUCTHUB_E2E_SMTP_PORT || E2E_PORT - 5800);
/**
 * Every server of the run sends its mails through the capture, as in production (docs/email.md): a server without
 * them would keep, never send, the mails its worker claims.
 */
export const E2E_MAIL_ENV = {
  PRODUCTHUB_SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  PRODUCTHUB_MAIL_FROM: 'mail@producthub.example',
};
/** The embedded PostgreSQL of the e2e stack (api-server/src/db/embedded-postgres.ts). */
export const E2E_DATABASE_URL = `postgres://postgres:producthub-embedded@127.0.0.1:${E2E_PG_PORT}/producthub`;
/** The server's data folder of this run (playwright.config.ts sets it): its stored files are under `files/`. */
export function e2eDataDir(): string {
  const dir = process.env.PRODUCTHUB_E2E_DATA_DIR;
  if (!dir) throw new Error('PRODUCTHUB_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return dir;
}
/** Where the SMTP capture keeps every delivered message, one JSON file each (support/delivered-mail.ts). */
export const deliveredMailDir = (dataDir: string = e2eDataDir()) => join(dataDir, 'delivered-mail');
/** Every server of the e2e run on its one database shares this master key (a second console server too): test-only. */
export const E2E_MASTER_KEY = Buffer.alloc(32, 0x5a).toString('base64');

/** The demo logins the server seeds (api-server/src/seed/demo-logins.ts). */
export const SUPERUSER = { email: 'admin@producthub.example', password: 'Admin-Demo-2026' };
export const AURORA_STAFF = {
  email: 'staff@aurora-audio.example',
  password: 'Aurora-Demo-2026',
  manufacturer: 'Aurora Audio',
};
/** The demo's staff member with an authenticator app on (api-server/src/seed/two-factor-demo.ts). */
export const AURORA_TWO_FACTOR = {
  email: 'security@aurora-audio.example',
  password: 'Aurora-Second-Factor-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
/** Aurora Audio's demo staff of the roles below owner (api-server/src/seed/demo-logins.ts, DEMO_STAFF_ROLE_LOGINS). */
export const AURORA_SUPPORT = { email: 'support@aurora-audio.example', password: 'Aurora-Support-2026' };
export const AURORA_VIEWER = { email: 'viewer@aurora-audio.example', password: 'Aurora-Viewer-2026' };
export const NIMBUS_STAFF = {
  email: 'staff@nimbus-instruments.example',
  password: 'Nimbus-Demo-2026',
  manufacturer: 'Nimbus Instruments',
};
