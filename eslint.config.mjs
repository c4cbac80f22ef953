// One lint for every workspace: typescript-eslint, the hooks rules and the import boundaries of
// docs/architecture.md ("One remote layout"). It reads sources only, so it needs no build.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = dirname(fileURLToPath(import.meta.url));
const remoteList = (file) => Object.values(JSON.parse(readFileSync(join(root, 'shared-kit/src', file), 'utf8')));
// The console's remotes and the customers' (the portal): the same boundaries hold for both.
const remotes = [...remoteList('remotes.json'), ...remoteList('customer-remotes.json')];
const apps = ['shell', ...remotes, 'api-server'];
const featuresOf = (remote) =>
  readdirSync(join(root, remote, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

// The server's layers (docs/architecture.md, "Server"). Data code is the SQL: `db/` (the connection, migrations and the
// shared query helpers), `repositories/`, a domain's `queries.ts` or `queries/`. It sits below everything that
// decides: it never imports a domain's routes, rules or cores, nor the Fastify plugins. What it needs of a domain,
// such as a state type or the column list of an API shape, lives in the domain's shape file (`*-shape.ts`).
const server = (path) => `api-server/src/${path}`;
const serverSource = join(root, 'api-server/src');
// Below the domains: what any code may import, data code included (the principal and permissions are auth/'s).
const serverFoundations = ['auth', 'db', 'lib', 'crypto', 'storage'];
// Every other folder of api-server/src is a domain (or an HTTP layer over the domains): a new folder is one at once.
const serverDomains = readdirSync(serverSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverFoundations.includes(entry.name))
  .map((entry) => entry.name);
const dataCodeGlobs = ['repositories/**', '**/queries.ts', '**/queries/**', 'db/**'];
const dataCode = dataCodeGlobs.map(server);
const domainCode = serverDomains.map((domain) => server(`${domain}/**`));
// The except globs of a glob zone match absolute paths.
const dataCodeAndShapes = [...dataCodeGlobs, '**/*-shape.ts'].map((glob) => join(serverSource, glob));
const serverZones = [
  zone(
    dataCode,
    domainCode,
    "Data code (db/, repositories/, queries) never imports a domain's routes, rules or cores, nor the plugins: the imports run from domain code down to data code (what data code needs of a domain lives in its *-shape.ts).",
    dataCodeAndShapes,
  ),
  // (Its tests may use what they like, the demo logins for one.)
  zone(
    server('auth/**/!(*.test).ts'),
    [...serverDomains.map(server), server('app.ts'), server('main.ts')],
    'auth/ imports no domain: domains import auth/, never the reverse.',
  ),
];

/** The import boundaries, as import-x/no-restricted-paths zones on resolved files (relative to the root). */
export const boundaryZones = [
  ...remotes.flatMap((remote) => [
    zone(
      `${remote}/src`,
      ['shell', ...remotes.filter((other) => other !== remote), 'api-server'],
      'A remote never imports the shell, another remote or the server.',
    ),
    zone(
      `${remote}/src/shared`,
      `${remote}/src/features`,
      "A remote's src/shared serves its features; it never imports one.",
    ),
    ...featuresOf(remote).map((feature) =>
      zone(
        `${remote}/src/features/${feature}`,
        `${remote}/src/features`,
        'A feature never imports another feature: what two features need lives in src/shared.',
        [`./${feature}`],
      ),
    ),
  ]),
  zone('shell', remotes, "The shell never imports a remote's source: it loads remotes through Module Federation."),
  zone('shared-kit', [...apps, 'e2e', 'client-js'], 'shared-kit imports no app.'),
  // The server may read the contract, the list of remotes (which it serves) and the page tables (pure data: its mails
  // link to portal pages); the kit's UI, hooks and API client are the browser's.
  zone(
    'api-server',
    'shared-kit',
    'api-server imports only shared-kit/contract (and shared-kit/remotes, shared-kit/pages).',
    ['./src/contract', './src/pages', './src/remotes.ts', './src/remotes.json', './src/customer-remotes.json'],
  ),
  zone('api-server', ['shell', ...remotes]),
  // The signed formats are shared by the server and client-js, which carries them in its dist: they import no
  // other workspace (nor any package: see the no-restricted-imports block below).
  zone(
    'signed-formats',
    [...apps, 'shared-kit', 'e2e', 'client-js'],
    'signed-formats imports nothing but Node and its own files.',
  ),
  zone(
    'client-js',
    [...apps, 'shared-kit', 'e2e'],
    'client-js ships alone: the one workspace it imports is signed-formats, which its build carries in dist.',
  ),
  ...serverZones,
];

/** The console's texts (JSX text, string and template literals) say License/Licenses, never Licence/Licences. */
const LICENCE_MESSAGE = 'The console spells it "License" (as its page titles do), not "Licence".';
export const consoleSpellingSelectors = [
  'JSXText[value=/[Ll]icence/]',
  'Literal[value=/[Ll]icence/]',
  'TemplateElement[value.raw=/[Ll]icence/]',
].map((selector) => ({
  selector,
  message: LICENCE_MESSAGE,
}));

const typescriptFiles = ['**/*.ts', '**/*.tsx'];
const scriptFiles = ['**/*.js', '**/*.mjs', '**/*.cjs'];
// `_name` marks a value left unused on purpose (a rest sibling left out, a callback's unused parameter).
const unusedVars = {
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrorsIgnorePattern: '^_',
  ignoreRestSiblings: true,
};
const browserScripts = [
  'e2e/bench/page-probe.js',
  'e2e/embed/load-remote.js',
  'e2e/embed/embed.js',
  'e2e/embed/portal-embed.js',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      'client-cpp/',
      'client-juce/',
      'coverage/',
      '.test-output/',
      '**/test-results/',
      '**/playwright-report/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  { files: typescriptFiles, extends: [tseslint.configs.recommended] },
  { files: typescriptFiles, rules: { '@typescript-eslint/no-unused-vars': ['error', unusedVars] } },
  { files: scriptFiles, rules: { 'no-unused-vars': ['error', unusedVars] } },
  {
    rules: {
      // Refusing control characters is what our validators are for (licence fields, the canonical encoding,
      // PostgreSQL text keys): a control character in a pattern here is meant, never a typo.
      'no-control-regex': 'off',
    },
  },
  {
    files: [...typescriptFiles, ...scriptFiles],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      // The kit's package exports name its sources under the `source` condition: resolving them (not dist/) lets
      // the boundaries and cycles be checked without a build.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ conditionNames: ['source', 'types', 'import', 'require', 'node', 'default'] }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['signed-formats/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|\\.{1,2}/)',
              message:
                'signed-formats depends on nothing: client-js carries it as it is, so it imports only Node and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**', 'mfe-*/src/**', 'shared-kit/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One spelling in the console: its page titles say "License" (docs/console.md), so every text it shows does.
    files: ['shell/src/**', 'mfe-*/src/**', 'shared-kit/src/**'],
    // The contract's descriptions are API documentation (prose), and tests may say what they like.
    ignores: ['shared-kit/src/contract/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...consoleSpellingSelectors] },
  },
  // The browser-side scripts, and the bench's functions that Playwright runs in the page.
  { files: [...browserScripts, 'e2e/bench/*.mjs'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: [
      '**/*.cjs',
      'babel.config.js',
      'jest.config.js',
      '*/jest.config.js',
      '*/webpack.config.js',
      'tools/webpack/create-app-config.js',
      'tools/bundle-budget/*.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
  },
  { files: ['**/*.test.js', 'tools/**/*.test.js'], languageOptions: { globals: { ...globals.jest } } },
);
