/** @jest-environment node */
import { join } from 'node:path';

interface FederationPlugin {
  _options?: { exposes?: Record<string, string> };
}

// The federation config (webpack.config.js) names what the shell and the users remote load at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createConfig = require('../webpack.config.js') as (
  env: unknown,
  argv: { mode: string },
) => [{ plugins: unknown[] }];
const [config] = createConfig({}, { mode: 'production' });
const federation = config.plugins.find(
  (plugin): plugin is FederationPlugin => (plugin as FederationPlugin)._options?.exposes !== undefined,
);
const exposes = federation?._options?.exposes ?? {};

describe('exposed modules', () => {
  it('exposes the manifest as the routes and mount, and the licence table', () => {
    expect(exposes).toEqual({
      './routes': './src/remote.ts',
      './mount': './src/remote.ts',
      './license-table': './src/features/licenses/components/LicenseTable.tsx',
    });
  });

  it('gives the licence table as the default export, as LicenseTableModule says', () => {
    const module = jest.requireActual<{ default: unknown }>(join(__dirname, '..', exposes['./license-table']));
    expect(typeof module.default).toBe('function');
    expect((module.default as { name: string }).name).toBe('LicenseTable');
  });
});
