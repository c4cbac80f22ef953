// The console's one spelling (eslint.config.mjs): a text it shows says License/Licenses, never Licence/Licences.
import { describeLintCases, type LintCase } from './lint-cases';

const RULE = 'no-restricted-syntax';

const component = (jsx: string) => `export function Fixture() {\n  return ${jsx};\n}\n`;

const cases: LintCase[] = [
  {
    name: 'JSX text in a remote',
    filePath: 'mfe-licensing/src/features/licenses/Fixture.tsx',
    code: component('<p>No licences yet.</p>'),
    fires: true,
  },
  {
    name: 'a JSX attribute in the shell',
    filePath: 'shell/src/Fixture.tsx',
    code: component('<figure aria-label="Licences by type" />'),
    fires: true,
  },
  {
    name: 'a string literal in a remote',
    filePath: 'mfe-users/src/Fixture.ts',
    code: "export const title = 'Add Licence';\n",
    fires: true,
  },
  {
    name: 'a template literal in a remote',
    filePath: 'mfe-catalog/src/Fixture.ts',
    code: 'export const text = (n: number) => `${n} licence(s) selected`;\n',
    fires: true,
  },
  {
    name: "a string in shared-kit's UI",
    filePath: 'shared-kit/src/ui/Fixture.ts',
    code: "export const text = 'Licence';\n",
    fires: true,
  },
  {
    name: 'the page titles’ spelling',
    filePath: 'mfe-licensing/src/Fixture.tsx',
    code: component('<h1>Licenses for product: {"Reverb"}</h1>'),
    fires: false,
  },
  {
    name: 'a comment in British spelling',
    filePath: 'mfe-licensing/src/Fixture.ts',
    code: "// The licence table's texts.\nexport const text = 'License';\n",
    fires: false,
  },
  {
    name: 'a test file',
    filePath: 'mfe-licensing/src/Fixture.test.ts',
    code: "export const title = 'one licence';\n",
    fires: false,
  },
  {
    name: "the contract's API descriptions",
    filePath: 'shared-kit/src/contract/Fixture.ts',
    code: "export const description = 'licences the apply creates';\n",
    fires: false,
  },
  { name: 'the server', filePath: 'api-server/src/Fixture.ts', code: "export const text = 'licence';\n", fires: false },
];

describeLintCases('the console spells it License', cases, RULE);
