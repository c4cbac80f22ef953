/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The federation config (webpack.config.js) names what the shell and the users remote load at run time.
const config = readFileSync(join(__dirname, '../webpack.config.js'), 'utf8');
const exposes = Object.fromEntries(
  [...config.matchAll(/'(\.\/[\w-]+)':\s*'(\.\/src\/[\w/.-]+)'/g)].map((match) => [match[1], match[2]]),
);

describe('exposed modules', () => {
  it('exposes the routes, mount and the licence table', () => {
    expect(Object.keys(exposes).sort()).toEqual(['./license-table', './mount', './routes']);
  });

  it('gives the licence table as the default export, as LicenseTableModule says', () => {
    const module = jest.requireActual<{ default: unknown }>(join(__dirname, '..', exposes['./license-table']));
    expect(typeof module.default).toBe('function');
    expect((module.default as { name: string }).name).toBe('LicenseTable');
  });
});
