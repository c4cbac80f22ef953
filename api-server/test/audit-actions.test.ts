/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from 'shared-kit/contract';

const SOURCE = join(__dirname, '../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const known = new Set<string>(AUDIT_ACTIONS);
const prefixes = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));
const DOTTED = /'([a-z_]+(?:\.[a-z_-]+){1,2})'/g;

/**
 * The actions a file writes: the literals of an `action:` property or an `…_ACTION =` constant, and, in a file that
 * writes audit rows in SQL, the dotted literals with an action's prefix (`table.column` names have plural tables).
 */
function writtenActions(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\baction:|_ACTION\s*=)([^\n]*)/g))
    for (const literal of match[1].matchAll(DOTTED)) found.add(literal[1]);
  if (/INSERT INTO audit_log/.test(text))
    for (const literal of text.matchAll(DOTTED)) if (prefixes.has(literal[1].split('.')[0])) found.add(literal[1]);
  return [...found];
}

describe('the audit actions of the contract', () => {
  const written = sourceFiles(SOURCE).flatMap((file) =>
    writtenActions(readFileSync(file, 'utf8')).map((action) => ({ action, file: file.slice(SOURCE.length + 1) })),
  );

  it('list every action the server writes (the dashboard words each one)', () => {
    expect(written.filter(({ action }) => !known.has(action))).toEqual([]);
  });

  it('are each written somewhere (no stale entry), and the scan finds the SQL-written ones', () => {
    const seen = new Set(written.map(({ action }) => action));
    expect(AUDIT_ACTIONS.filter((action) => !seen.has(action))).toEqual([]);
    expect(seen).toContain('client.trial.start');
    expect(seen).toContain('license.disable');
  });
});
