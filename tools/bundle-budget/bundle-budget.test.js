// Bundle budgets, from the build output (run `npm run build` first; `npm test` builds before it runs).
// Sizes are gzip level 9 of the emitted files, so the figures are the same on every machine. Which files count is
// read from each app's dist/chunk-graph.json (webpack's chunk graph, written by tools/webpack/chunk-graph-plugin.js):
// - Shell: the JS the browser must load before the sign-in form renders: the entry's chunks (main.js: the
//   federation runtime and the sign-in page), then every shared module those chunks consume, with the chunks of the
//   shell's own copy (the host loads its own copies at start-up), and what those consume in turn. The console
//   behind sign-in and anything loaded with import() later is not counted.
// - Each remote: remoteEntry.js, plus the chunks loaded at once when the shell gets `./routes` (the expose's
//   chunk group: every page of the area, the first route's included), plus any shared module they consume that
//   the shell has not loaded at start-up (then the shell's copy). Chunks loaded later with import() (shared-kit's
//   dialog and popup code, from the shell, when a page first shows one) are not counted. Shared modules the
//   shell loaded at start-up, and the federation runtime core (the shell provides it; only a page embedding a
//   remote loads dist/federation-runtime.js), are the shell's.
// - The customer portal (customer-remotes.json), which no shell loads: its whole first load on its standalone page,
//   host-page.js, federation-runtime.js, remoteEntry.js and the chunks of `./mount` (the sign-in page), with every
//   shared module they consume from the portal's own copies (there is no shell to provide them).
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');

const root = join(__dirname, '../..');
const KB = 1024;

/** The targets (docs/performance.md; the customer portal's: docs/portal.md). */
const TARGET = { shell: 150 * KB, remote: 40 * KB, customerPortal: 150 * KB };
/**
 * Known misses (docs/performance.md explains each), held at their present size plus a little room. This is a
 * ratchet: growing fails now; when a build change brings an app under its target, the test says so and the line
 * is to be removed.
 */
const KNOWN_MISS_CEILING = {};
const REMOTES = Object.values(require('../../shared-kit/src/remotes.json'));
const CUSTOMER_REMOTES = Object.values(require('../../shared-kit/src/customer-remotes.json'));
const { HOST_PAGE_SCRIPT } = require('../webpack/create-app-config');
const SINGLETONS = ['react', 'react-dom', 'react-router', 'styled-components', 'swr'];

const distOf = (app) => join(root, app, 'dist');
const readJson = (app, file) => JSON.parse(readFileSync(join(distOf(app), file), 'utf8'));
const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * The chunks loaded with `chunkIds`: their files, and the shared modules they consume resolved to `provider`'s copy
 * (its graph), unless `alreadyLoaded` has them.
 */
function closure(app, chunkIds, provider = app, alreadyLoaded = new Set()) {
  const graphs = { [app]: readJson(app, 'chunk-graph.json'), [provider]: readJson(provider, 'chunk-graph.json') };
  const files = new Set();
  const consumed = new Set();
  const queue = chunkIds.map((id) => [app, id]);
  const seen = new Set();
  while (queue.length) {
    const [owner, id] = queue.shift();
    if (seen.has(`${owner}:${id}`)) continue;
    seen.add(`${owner}:${id}`);
    const chunk = graphs[owner].chunks[id];
    for (const file of chunk.files) files.add(join(distOf(owner), file));
    for (const key of chunk.consumes) {
      if (consumed.has(key) || alreadyLoaded.has(key)) continue;
      consumed.add(key);
      // A shared module the shell never loads (shared-kit/data, shared-kit/forms) comes from the remote's own copy.
      const from = graphs[provider].shared[key] ? provider : owner;
      const providedChunks = graphs[from].shared[key];
      if (!providedChunks) throw new Error(`neither ${provider} nor ${owner} provides ${key}, which ${owner} consumes`);
      queue.push(...providedChunks.map((providedId) => [from, providedId]));
    }
  }
  return { files: [...files], consumed };
}

function shellStartup() {
  return closure('shell', readJson('shell', 'chunk-graph.json').entrypoints.main);
}

function remoteFirstRoute(app, shellConsumed) {
  const graph = readJson(app, 'chunk-graph.json');
  const container = Object.values(graph.entrypoints).find((ids) =>
    ids.some((id) => graph.chunks[id].files.includes('remoteEntry.js')),
  );
  const routes = graph.chunkGroups.__federation_expose_routes;
  if (!container || !routes) throw new Error(`${app}: no remoteEntry.js entry or ./routes expose in chunk-graph.json`);
  return closure(app, [...container, ...routes], 'shell', shellConsumed);
}

/** A page without the shell: its own script, the runtime core, the container and `./mount`, every shared module its own copy. */
function standaloneFirstLoad(app) {
  const graph = readJson(app, 'chunk-graph.json');
  const container = Object.values(graph.entrypoints).find((ids) =>
    ids.some((id) => graph.chunks[id].files.includes('remoteEntry.js')),
  );
  const mount = graph.chunkGroups.__federation_expose_mount;
  if (!container || !mount) throw new Error(`${app}: no remoteEntry.js entry or ./mount expose in chunk-graph.json`);
  const { files, consumed } = closure(app, [...container, ...mount]);
  return {
    files: [join(distOf(app), HOST_PAGE_SCRIPT), join(distOf(app), 'federation-runtime.js'), ...files],
    consumed,
  };
}

const sizeOf = ({ files }) => files.reduce((sum, file) => sum + gzipBytes(file), 0);

function budgetOf(app, target) {
  const ceiling = KNOWN_MISS_CEILING[app];
  return { target, limit: ceiling ?? target, knownMiss: ceiling !== undefined };
}

const missing = ['shell', ...REMOTES, ...CUSTOMER_REMOTES].filter(
  (app) => !existsSync(join(distOf(app), 'chunk-graph.json')),
);

describe('bundle budgets (gzip, from the build output)', () => {
  if (missing.length) {
    it('needs the built apps', () => {
      throw new Error(
        `No build output for ${missing.join(', ')}: run \`npm run build\` (or \`npm test\`, which builds first).`,
      );
    });
    return;
  }

  const shell = shellStartup();
  const cases = [
    ['shell', sizeOf(shell), budgetOf('shell', TARGET.shell)],
    ...REMOTES.map((app) => [app, sizeOf(remoteFirstRoute(app, shell.consumed)), budgetOf(app, TARGET.remote)]),
    ...CUSTOMER_REMOTES.map((app) => [
      `${app} (standalone page)`,
      sizeOf(standaloneFirstLoad(app)),
      budgetOf(app, TARGET.customerPortal),
    ]),
  ];
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    cases
      .map(
        ([app, bytes, { target, knownMiss }]) =>
          `${app}: ${kb(bytes)} gzip (target ${kb(target)}${knownMiss ? ', known miss' : ''})`,
      )
      .join('\n'),
  );

  it.each(cases)('%s stays within its budget', (app, bytes, { target, limit, knownMiss }) => {
    expect({ app, gzip: kb(bytes), withinLimit: bytes <= limit }).toEqual({ app, gzip: kb(bytes), withinLimit: true });
    if (knownMiss && bytes <= target)
      throw new Error(
        `${app} now meets its target (${kb(bytes)} <= ${kb(target)}): remove it from KNOWN_MISS_CEILING.`,
      );
  });

  it('the shell loads react, react-dom, react-router, styled-components and swr at start-up, from one shared copy each', () => {
    for (const name of SINGLETONS) expect({ name, loaded: shell.consumed.has(name) }).toEqual({ name, loaded: true });
    const shared = readJson('shell', 'mf-stats.json').shared;
    for (const name of SINGLETONS)
      expect(shared.filter((item) => item.name === name && item.singleton)).toHaveLength(1);
  });

  it.each(CUSTOMER_REMOTES)(
    '%s loads react, react-dom, react-router, styled-components and swr once each, as shared modules',
    (app) => {
      const { consumed } = standaloneFirstLoad(app);
      for (const name of SINGLETONS) expect({ name, loaded: consumed.has(name) }).toEqual({ name, loaded: true });
    },
  );

  it.each(CUSTOMER_REMOTES)('%s bundles shared-kit (no shell provides it), so only what it uses is loaded', (app) => {
    const shared = readJson(app, 'mf-stats.json').shared.map((item) => item.name);
    expect(shared.filter((name) => name.startsWith('shared-kit'))).toEqual([]);
  });

  it.each([...REMOTES, ...CUSTOMER_REMOTES])('%s shares every singleton (none bundled into its own chunks)', (app) => {
    const shared = readJson(app, 'mf-stats.json').shared;
    for (const name of SINGLETONS)
      expect({ name, singleton: shared.find((item) => item.name === name)?.singleton }).toEqual({
        name,
        singleton: true,
      });
  });
});
