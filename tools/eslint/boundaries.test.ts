// Each import boundary of eslint.config.mjs fires on a file that crosses it (and stays quiet on one that does not).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeLintCases, lintTexts, repoRoot, type LintCase } from './lint-cases';

const BOUNDARY = 'import-x/no-restricted-paths';

const importing = (from: string) => `import * as imported from '${from}';\nexport const used = imported;\n`;

const moduleOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .find((file) => /(?<!\.test)\.tsx?$/.test(file))
    ?.replace(/\.tsx?$/, '');

/** Two features of one remote and a module of each (found, so the test follows the code's moves). */
function twoFeatures() {
  for (const remote of ['mfe-catalog', 'mfe-users', 'mfe-licensing', 'mfe-manufacturers']) {
    const featuresDir = join(repoRoot, remote, 'src/features');
    const [a, b] = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const moduleOfA = a && moduleOf(join(featuresDir, a));
    const moduleOfB = b && moduleOf(join(featuresDir, b));
    if (moduleOfA && moduleOfB) return { remote, a, b, moduleOfA, moduleOfB };
  }
  throw new Error('no remote with two features');
}

/**
 * The server's layers, for every domain folder of api-server/src (found, so a new domain is covered by itself):
 * its data code importing its routes fires, its routes importing auth/ does not, auth/ importing it fires.
 */
function serverCases() {
  const source = join(repoRoot, 'api-server/src');
  const foundations = ['auth', 'db', 'lib', 'crypto', 'storage'];
  const domains = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && ![...foundations, 'repositories'].includes(entry.name))
    .map((entry) => entry.name);
  const perDomain = domains.flatMap((domain) => {
    const someModule = moduleOf(join(source, domain));
    if (!someModule) return [];
    return [
      {
        name: `${domain}/: its queries importing one of its modules (${someModule})`,
        filePath: `api-server/src/${domain}/queries/fixture.ts`,
        code: importing(`../${someModule}`),
        fires: !/(^|\/)queries(\/|\.|$)|-shape$/.test(someModule),
      },
      {
        name: `${domain}/: its code importing auth/`,
        filePath: `api-server/src/${domain}/fixture.ts`,
        code: importing('../auth/permissions'),
        fires: false,
      },
      {
        name: `auth/ importing ${domain}/`,
        filePath: 'api-server/src/auth/fixture.ts',
        code: importing(`../${domain}/${someModule}`),
        fires: true,
      },
    ];
  });
  return [
    ...perDomain,
    {
      name: 'db/ importing a domain',
      filePath: 'api-server/src/db/fixture.ts',
      code: importing('../licenses/license-rules'),
      fires: true,
    },
    {
      name: 'server data code (repositories) importing a route',
      filePath: 'api-server/src/repositories/fixture.ts',
      code: importing('../licenses/routes/licenses'),
      fires: true,
    },
    {
      name: 'server data code importing a plugin',
      filePath: 'api-server/src/clients/queries/fixture.ts',
      code: importing('../../plugins/auth'),
      fires: true,
    },
    {
      name: "a domain's queries importing the domain's rules",
      filePath: 'api-server/src/licenses/queries/fixture.ts',
      code: importing('../license-rules'),
      fires: true,
    },
    {
      name: "a domain's queries.ts importing the domain's routes",
      filePath: 'api-server/src/dashboard/queries.ts',
      code: importing('./routes'),
      fires: true,
    },
    {
      name: "a domain's queries.ts importing the activation core",
      filePath: 'api-server/src/licenses/activation/queries.ts',
      code: importing('./activate-machine'),
      fires: true,
    },
    {
      name: "a domain's queries importing its shape, another domain's queries, db/ and auth/",
      filePath: 'api-server/src/licenses/queries/fixture.ts',
      code: "import { licenseColumns } from '../license-shape';\nimport { recordAudit } from '../../audit/queries/audit-log';\nimport { consumeRateLimits } from '../../auth/rate-limits';\nimport { pageAsJson } from '../../db/one-query-page';\nexport const used = [licenseColumns, recordAudit, consumeRateLimits, pageAsJson];\n",
      fires: false,
    },
    {
      name: 'auth/ importing the Fastify plugins',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../plugins/auth'),
      fires: true,
    },
    {
      name: 'auth/ importing the app',
      filePath: 'api-server/src/auth/fixture.ts',
      code: importing('../app'),
      fires: true,
    },
    {
      name: "auth/'s tests importing the demo logins",
      filePath: 'api-server/src/auth/fixture.test.ts',
      code: importing('../seed/demo-logins'),
      fires: false,
    },
  ];
}

const cases: LintCase[] = (() => {
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
      code: importing('../../mfe-catalog/src/remote'),
      fires: true,
    },
    {
      name: "the shell importing a remote's source",
      filePath: 'shell/src/Fixture.tsx',
      code: importing('../../mfe-users/src/remote'),
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
    ...serverCases(),
  ];
})();

describeLintCases('import boundaries', cases, BOUNDARY);

describe('import cycles', () => {
  it('fires on two modules importing each other', () => {
    const dir = mkdtempSync(join(__dirname, 'cycle-'));
    try {
      const a = importing('./b');
      writeFileSync(join(dir, 'a.ts'), a);
      writeFileSync(join(dir, 'b.ts'), importing('./a'));
      const [cycle, noCycle] = lintTexts([
        { filePath: relative(repoRoot, join(dir, 'a.ts')), code: a },
        { filePath: relative(repoRoot, join(dir, 'c.ts')), code: a },
      ]);
      expect(cycle).toContain('import-x/no-cycle');
      expect(noCycle).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
