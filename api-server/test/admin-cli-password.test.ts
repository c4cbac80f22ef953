import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';
import { login } from './support/fixtures';

const CLI = resolve(__dirname, '../dist/admin/cli.js');

/** Runs the built admin CLI on the test database, with `stdin` piped in (not a terminal). */
function admin(
  t: TestApp,
  args: string[],
  { env = {}, stdin = '' }: { env?: Record<string, string>; stdin?: string } = {},
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const { PRODUCTHUB_PASSWORD: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...inherited, DATABASE_URL: t.databaseUrl, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('admin CLI: the password never comes from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes the password from PRODUCTHUB_PASSWORD', async () => {
    const result = await admin(t, ['create-user', '--email', 'env@example.com', '--role', 'superuser'], {
      env: { PRODUCTHUB_PASSWORD: 'From-The-Environment-1' },
    });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout.trim()).toMatch(/^\d+$/);
    await expect(login(t.app, 'env@example.com', 'From-The-Environment-1')).resolves.toEqual(expect.any(String));
  });

  it('takes the password from the first line of standard input', async () => {
    const result = await admin(t, ['create-user', '--email', 'stdin@example.com', '--role', 'superuser'], {
      stdin: 'From-Standard-Input-2\nignored\n',
    });
    expect([result.code, result.stderr]).toEqual([0, '']);
    await expect(login(t.app, 'stdin@example.com', 'From-Standard-Input-2')).resolves.toEqual(expect.any(String));
  });

  it('refuses --password, and a common password, creating nobody', async () => {
    const inArgs = await admin(t, [
      'create-user',
      '--email',
      'argv@example.com',
      '--password',
      'Visible-In-ps-3',
      '--role',
      'superuser',
    ]);
    expect(inArgs.code).toBe(2);
    expect(inArgs.stderr).toContain('--password is no longer accepted');
    const common = await admin(t, ['create-user', '--email', 'common@example.com', '--role', 'superuser'], {
      stdin: 'password1234\n',
    });
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('This is similar to a commonly used password.');
    const emails = await t.db
      .selectFrom('system_users')
      .select('email')
      .where('email', 'in', ['argv@example.com', 'common@example.com'])
      .execute();
    expect(emails).toEqual([]);
  });
});
