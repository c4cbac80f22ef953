export const E2E_PORT = Number(process.env.PRODUCTHUB_E2E_PORT || 8180);
export const E2E_PG_PORT = Number(process.env.PRODUCTHUB_E2E_PG_PORT || 54380);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's data folder of this run (playwright.config.ts sets it): its stored files are under `files/`. */
export function e2eDataDir(): string {
  const dir = process.env.PRODUCTHUB_E2E_DATA_DIR;
  if (!dir) throw new Error('PRODUCTHUB_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return dir;
}
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
