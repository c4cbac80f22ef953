export const E2E_PORT = Number(process.env.PRODUCTHUB_E2E_PORT || 8180);
export const E2E_PG_PORT = Number(process.env.PRODUCTHUB_E2E_PG_PORT || 54380);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Every server of the e2e run on its one database shares this master key (a second console server too): test-only. */
export const E2E_MASTER_KEY = Buffer.alloc(32, 0x5a).toString('base64');

/** The demo logins the server seeds (api-server/src/seed/demo-logins.ts). */
export const SUPERUSER = { email: 'admin@producthub.example', password: 'Admin-Demo-2026' };
export const AURORA_STAFF = { email: 'staff@aurora-audio.example', password: 'Aurora-Demo-2026', manufacturer: 'Aurora Audio' };
export const NIMBUS_STAFF = { email: 'staff@nimbus-instruments.example', password: 'Nimbus-Demo-2026', manufacturer: 'Nimbus Instruments' };
