import { parseArgs } from 'node:util';
import { benchSettings } from '../../api-server/bench/settings.mjs';

/**
 * The options every browser bench takes: --loads (cold loads, 1 to 20, 5 unless told) and where the bench stack
 * runs (--data-dir, --pg-port, --api-port); `ownOptions` adds a bench's own (parseArgs options).
 */
export function benchCommandLine(ownOptions = {}) {
  const { values: args } = parseArgs({
    options: {
      loads: { type: 'string' },
      'data-dir': { type: 'string' },
      'pg-port': { type: 'string' },
      'api-port': { type: 'string' },
      ...ownOptions,
    },
  });
  return { args, settings: benchSettings(args), loads: Math.max(1, Math.min(20, Number(args.loads ?? 5))) };
}
