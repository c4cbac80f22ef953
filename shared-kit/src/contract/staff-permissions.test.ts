import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  roleCannot,
  roleMay,
  STAFF_ACTION_WORDS,
  STAFF_ACTIONS,
  STAFF_PERMISSIONS,
  STAFF_ROLE_NAMES,
} from './staff-permissions';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from './staff-roles';

/** The docs' table of the roles, as the code says it (docs/staff-access.md, "Roles"). */
function rolesTableMarkdown(): string {
  const header = `| What | ${STAFF_ROLES.map((role) => STAFF_ROLE_NAMES[role]).join(' | ')} |`;
  const rule = `| --- |${STAFF_ROLES.map(() => ' :-: |').join('')}`;
  const rows = STAFF_ACTIONS.map(
    (action) =>
      `| ${STAFF_ACTION_WORDS[action].allows} (\`${action}\`) | ${STAFF_ROLES.map((role) => (roleMay(role, action) ? 'yes' : '—')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** A markdown table's cells, row by row, as Prettier's padding leaves them: `:---:` and `:-:` are one rule. */
const cellsOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, '$1-$2')));

describe('the staff permission table', () => {
  it('gives owners every action and admins every action but managing owners and sign-in settings', () => {
    expect(STAFF_PERMISSIONS.owner).toEqual(STAFF_ACTIONS);
    expect(STAFF_ACTIONS.filter((action) => !roleMay('admin', action))).toEqual(['staff.access']);
    expect(roleMay('admin', 'staff.manage')).toBe(true);
  });

  it('keeps release managers to builds and releases, support to users, licences and machines, viewers to reading', () => {
    const writes = (role: (typeof STAFF_ROLES)[number]) =>
      STAFF_PERMISSIONS[role].filter((action) => action !== 'read');
    expect(writes('release_manager')).toEqual(['builds.write', 'releases.write']);
    expect(writes('support')).toEqual(['users.write', 'licenses.write', 'machines.free']);
    expect(writes('viewer')).toEqual([]);
    for (const role of STAFF_ROLES) expect(roleMay(role, 'read')).toBe(true);
  });

  it("names the roles as the contract's labels do", () => {
    expect(STAFF_ROLE_NAMES).toEqual(STAFF_ROLE_LABELS);
  });

  it('says plainly what a role cannot do', () => {
    expect(roleCannot('support', 'catalog.write')).toBe(
      'Your role (Support) cannot create or edit products, features, editions or licence policies.',
    );
  });

  it('is the table docs/staff-access.md shows under "Roles"', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/staff-access.md'), 'utf8');
    const start = doc.indexOf('<!-- roles table: from the code -->');
    const end = doc.indexOf('<!-- end of the roles table -->');
    expect(start).toBeGreaterThan(-1);
    expect(cellsOf(doc.slice(start, end).split('\n').slice(1).join('\n'))).toEqual(cellsOf(rolesTableMarkdown()));
  });
});
