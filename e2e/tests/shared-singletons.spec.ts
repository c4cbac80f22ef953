import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AURORA_STAFF } from '../support/stack';
import { signInAndWait } from '../support/sign-in';

const REPO = join(__dirname, '../..');
const SINGLETONS = ['react', 'react-dom', 'react-router', 'styled-components', 'swr'];
/** The entry points of react and react-dom that the apps import, shared under their own names. */
const SUBPATHS = ['react-dom/client', 'react/jsx-runtime'];
const REMOTE_APPS = JSON.parse(readFileSync(join(REPO, 'shared-kit/src/remotes.json'), 'utf8')) as Record<
  string,
  string
>;
const APPS = ['shell', ...Object.values(REMOTE_APPS)];

interface ChunkGraph {
  shared: Record<string, (string | number)[]>;
  chunks: Record<string, { files: string[] }>;
}

/**
 * The JS files of each app's own copy of each shared module, from its build (dist/chunk-graph.json, written by
 * tools/webpack/chunk-graph-plugin.js). mf-stats.json lists only the chunk holding a shared module's entry, not
 * the split chunks that come with it (react-router's 32 KB of code), so it would miss part of a second copy.
 */
function copyFiles(app: string): Map<string, string[]> {
  const graph = JSON.parse(readFileSync(join(REPO, app, 'dist/chunk-graph.json'), 'utf8')) as ChunkGraph;
  const owner = new Map<string, string[]>();
  for (const name of [...SINGLETONS, ...SUBPATHS]) {
    const ids = graph.shared[name];
    if (!ids && SUBPATHS.includes(name)) continue;
    if (!ids) throw new Error(`${app} does not share ${name}`);
    for (const id of ids)
      for (const file of graph.chunks[id].files) owner.set(file, [...(owner.get(file) ?? []), name]);
  }
  return owner;
}

/** `/remotes/mfe-users/79.abc.js` → mfe-users and the file; the shell serves its files at the root. */
function appAndFile(url: string): { app: string; file: string } {
  const path = new URL(url).pathname;
  const remote = /^\/remotes\/(mfe-[a-z]+)\/(.+)$/.exec(path);
  return remote ? { app: remote[1], file: remote[2] } : { app: 'shell', file: path.slice(1) };
}

test('react, react-dom, react-router, styled-components and swr are each fetched once, from the shell, across all four remotes', async ({
  page,
}) => {
  const jsRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) jsRequests.push(request.url());
  });

  await signInAndWait(page, AURORA_STAFF);
  // One page load, in-app navigation only: a shared module fetched twice would be a second copy.
  await page.getByRole('link', { name: 'My Products' }).click();
  await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
  await page.getByRole('link', { name: 'Licenses of Aurora Reverb' }).click();
  await expect(page.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: /Aurora Audio/ }).click();
  await page.getByRole('menuitem', { name: 'Manufacturer Details' }).click();
  await expect(page).toHaveURL(/\/Home\/Manufacturers\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Aurora Audio');

  const requested = jsRequests.map(appAndFile);
  // All four remotes really ran in this page.
  for (const remote of APPS.slice(1))
    expect(
      requested.some(({ app, file }) => app === remote && file === 'remoteEntry.js'),
      remote,
    ).toBe(true);

  const owners = Object.fromEntries(APPS.map((app) => [app, copyFiles(app)]));
  const fetched = new Map<string, string[]>([...SINGLETONS, ...SUBPATHS].map((name) => [name, []]));
  for (const { app, file } of requested) {
    for (const name of owners[app]?.get(file) ?? []) fetched.get(name)!.push(`${app}/${file}`);
  }
  for (const name of [...SINGLETONS, ...SUBPATHS]) {
    const shellCopy = [...owners.shell].filter(([, names]) => names.includes(name)).map(([file]) => `shell/${file}`);
    // Every file of the shell's copy exactly once, and not one file of any remote's fallback copy.
    expect({ name, fetched: fetched.get(name)!.sort() }).toEqual({ name, fetched: shellCopy.sort() });
  }
});
