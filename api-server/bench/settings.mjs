// Where the bench data lives and how to sign in to it; shared by seed.mjs and run.mjs.
import { resolve } from 'node:path';

export const BENCH_PASSWORD = 'bench-password-2026';
export const BENCH_SUPERUSER_EMAIL = 'bench-superuser@bench.example';
/** The staff login of manufacturer `n` (1-based). */
export const benchStaffEmail = (n) => `bench-staff-${n}@bench.example`;
/** Manufacturer 1's portal customer: 50 licences of 50 products, 25 of them on a machine (the portal rows). */
export const BENCH_PORTAL_CUSTOMER_EMAIL = 'portal-customer@bench.example';
export const BENCH_PORTAL_CUSTOMER_LICENCES = 50;

export function benchSettings(args) {
  const scale = Number(args.scale ?? process.env.BENCH_SCALE ?? 1);
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be in (0, 10], got ${args.scale}`);
  return {
    scale,
    seed: String(args.seed ?? process.env.BENCH_SEED ?? 8),
    dataDir: resolve(args['data-dir'] ?? process.env.BENCH_DATA_DIR ?? new URL('.data', import.meta.url).pathname),
    pgPort: Number(args['pg-port'] ?? process.env.BENCH_PG_PORT ?? 54386),
    apiPort: Number(args['api-port'] ?? process.env.BENCH_API_PORT ?? 8186),
    floorPort: Number(args['floor-port'] ?? process.env.BENCH_FLOOR_PORT ?? 8187),
    /** The bare heart-beat's server (seat rows, heartbeat-floor-server.mjs). */
    heartbeatFloorPort: Number(process.env.BENCH_HEARTBEAT_FLOOR_PORT ?? 8188),
  };
}
