// Each import boundary of eslint.config.mjs fires on a file that crosses it (and stays quiet on one that does not).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../..');
const BOUNDARY = 'import-x/no-restricted-paths';

const lintTexts = (texts: { filePath: string; code: string }[]): string[][] =>
  JSON.parse(
    execFileSync(process.execPath, [join(__dirname, 'lint-texts.mjs')], {
      cwd: root,
      input: JSON.stringify(texts),
      encoding: 'utf8',
    }),
  );

const importing = (from: string) => `import * as imported from '${from}';\nexport const used = imported;\n`;

const moduleOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .find((file) => /(?<!\.test)\.tsx?$/.test(file))
    ?.replace(/\.tsx?$/, '');

/** Two features of one remote and a module of each (found, so the test follows the code's moves). */
function twoFeatures() {
  for (const remote of ['mfe-catalog', 'mfe-users', 'mfe-licensing', 'mfe-manufacturers']) {
    const featuresDir = join(root, remote, 'src/features');
    const [a, b] = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const moduleOfA = a && moduleOf(join(featuresDir, a));
    const moduleOfB = b && moduleOf(join(featuresDir, b));
    if (moduleOfA && moduleOfB) return { remote, a, b, moduleOfA, moduleOfB };
  }
  throw new Error('no remote with two features');
}

const cases: { name: string; filePath: string; code: string; fires: boolean; rule?: string }[] = (() => {
  const { remote, a, b, moduleOfA, moduleOfB } = twoFeatures();
  return [
    {
      name: `a feature importing another feature (${a} → ${b})`,
      filePath: `${remote}/src/features/${a}/pages/Fixture.tsx`,
      code: importing(`../../${b}/${moduleOfB}`),
      fires: true,
    },
    {
      name: 'a feature importing its own modules',
      filePath: `${remote}/src/features/${a}/pages/Fixture.tsx`,
      code: importing(`../${moduleOfA}`),
      fires: false,
    },
    {
      name: "a remote's src/shared importing a feature",
      filePath: `${remote}/src/shared/Fixture.tsx`,
      code: importing(`../features/${b}/${moduleOfB}`),
      fires: true,
    },
    {
      name: 'a remote importing the shell',
      filePath: 'mfe-users/src/Fixture.tsx',
      code: importing('../../shell/src/index'),
      fires: true,
    },
    {
      name: 'a remote importing another remote',
      filePath: 'mfe-users/src/Fixture.tsx',
      code: importing('../../mfe-catalog/src/routes'),
      fires: true,
    },
    {
      name: "the shell importing a remote's source",
      filePath: 'shell/src/Fixture.tsx',
      code: importing('../../mfe-users/src/routes'),
      fires: true,
    },
    {
      name: 'shared-kit importing an app',
      filePath: 'shared-kit/src/Fixture.ts',
      code: importing('../../shell/src/index'),
      fires: true,
    },
    {
      name: 'api-server importing the kit (not its contract)',
      filePath: 'api-server/src/Fixture.ts',
      code: importing('shared-kit'),
      fires: true,
    },
    {
      name: 'api-server importing the kit’s data layer',
      filePath: 'api-server/src/Fixture.ts',
      code: importing('shared-kit/data'),
      fires: true,
    },
    {
      name: 'api-server importing the contract',
      filePath: 'api-server/src/Fixture.ts',
      code: importing('shared-kit/contract'),
      fires: false,
    },
    {
      name: 'api-server importing the signed formats',
      filePath: 'api-server/src/Fixture.ts',
      code: importing('signed-formats'),
      fires: false,
    },
    {
      name: 'signed-formats importing the contract',
      filePath: 'signed-formats/src/Fixture.ts',
      code: importing('shared-kit/contract'),
      fires: true,
    },
    {
      name: 'signed-formats importing a package',
      filePath: 'signed-formats/src/Fixture.ts',
      code: importing('typescript'),
      fires: true,
      rule: 'no-restricted-imports',
    },
    {
      name: 'signed-formats importing Node and its own files',
      filePath: 'signed-formats/src/Fixture.ts',
      code: "import { createHash } from 'node:crypto';\nimport { canonicalBytes } from './canonical';\nexport const used = [createHash, canonicalBytes];\n",
      fires: false,
    },
    {
      name: 'client-js importing the kit',
      filePath: 'client-js/src/Fixture.ts',
      code: importing('shared-kit/contract'),
      fires: true,
    },
    {
      name: 'client-js importing the signed formats',
      filePath: 'client-js/src/Fixture.ts',
      code: importing('signed-formats'),
      fires: false,
    },
    {
      name: 'server data code (repositories) importing a route',
      filePath: 'api-server/src/repositories/fixture.ts',
      code: importing('../licenses/routes/licenses'),
      fires: true,
    },
    {
      name: 'server data code (repositories) importing a plugin',
      filePath: 'api-server/src/repositories/fixture.ts',
      code: importing('../plugins/auth'),
      fires: true,
    },
    {
      name: "a domain's queries importing the domain's rules",
      filePath: 'api-server/src/licenses/queries/fixture.ts',
      code: importing('../license-rules'),
      fires: true,
    },
    {
      name: "a domain's queries.ts importing the activation core",
      filePath: 'api-server/src/licenses/activation/queries.ts',
      code: importing('./activate-machine'),
      fires: true,
    },
    {
      name: "a domain's queries importing its shape and other data code",
      filePath: 'api-server/src/licenses/queries/fixture.ts',
      code: "import { licenseColumns } from '../license-shape';\nimport { consumeRateLimits } from '../../repositories/rate-limits';\nexport const used = [licenseColumns, consumeRateLimits];\n",
      fires: false,
    },
    {
      name: "the catalog's queries importing the catalog's rules",
      filePath: 'api-server/src/catalog/queries/fixture.ts',
      code: importing('../product-rules'),
      fires: true,
    },
    {
      name: "the catalog's queries importing a catalog route",
      filePath: 'api-server/src/catalog/queries/fixture.ts',
      code: importing('../routes/products/products'),
      fires: true,
    },
    {
      name: "people's queries importing the user import's parsing",
      filePath: 'api-server/src/people/queries/fixture.ts',
      code: importing('../user-import/user-csv'),
      fires: true,
    },
    {
      name: "the manufacturers' queries importing a manufacturers route",
      filePath: 'api-server/src/manufacturers/queries/fixture.ts',
      code: importing('../routes/manufacturers/manufacturers'),
      fires: true,
    },
    {
      name: "the catalog's queries importing its shape and other data code",
      filePath: 'api-server/src/catalog/queries/fixture.ts',
      code: "import { toBuild } from '../build-shape';\nimport { listChannels } from './channels';\nexport const used = [toBuild, listChannels];\n",
      fires: false,
    },
    {
      name: 'auth/ importing the people domain',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../people/queries/system-users'),
      fires: true,
    },
    {
      name: 'auth/ importing the manufacturers domain',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../manufacturers/queries/manufacturers'),
      fires: true,
    },
    {
      name: 'auth/ importing a domain',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../licenses/license-rules'),
      fires: true,
    },
    {
      name: 'auth/ importing the Fastify plugins',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../plugins/auth'),
      fires: true,
    },
    {
      name: 'a domain importing auth/',
      filePath: 'api-server/src/licenses/routes/fixture.ts',
      code: importing('../../auth/permissions'),
      fires: false,
    },
  ];
})();

describe('import boundaries', () => {
  let fired: string[][];
  beforeAll(() => {
    fired = lintTexts(cases);
  });

  it.each(cases.map((testCase, index) => [testCase.name, testCase.fires, index] as const))(
    '%s: fires %s',
    (_name, fires, index) => {
      if (fires) expect(fired[index]).toContain(cases[index].rule ?? BOUNDARY);
      else expect(fired[index]).toEqual([]);
    },
  );
});

describe('import cycles', () => {
  it('fires on two modules importing each other', () => {
    const dir = mkdtempSync(join(__dirname, 'cycle-'));
    try {
      const a = importing('./b');
      writeFileSync(join(dir, 'a.ts'), a);
      writeFileSync(join(dir, 'b.ts'), importing('./a'));
      const [cycle, noCycle] = lintTexts([
        { filePath: relative(root, join(dir, 'a.ts')), code: a },
        { filePath: relative(root, join(dir, 'c.ts')), code: a },
      ]);
      expect(cycle).toContain('import-x/no-cycle');
      expect(noCycle).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
