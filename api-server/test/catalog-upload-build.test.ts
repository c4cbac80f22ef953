import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';
import { PASSWORD, auth, createTenants } from './support/fixtures';
import { insertTestProduct, sha256Hex } from './catalog-fixtures';
import { AdminCommandError } from '../src/admin/create-user';
import { parseUploadBuildArgs, uploadBuild, type UploadBuildOptions } from '../src/admin/upload-build';

describe('admin upload-build: a release pipeline publishing a build through the API', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let url: string;
  let folder: string;
  let productId: number;
  let otherTenantProductId: number;
  const installer = Buffer.alloc(300_000, 7);
  const readme = Buffer.from('Install me.\n');

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    productId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Reverb' })).id;
    otherTenantProductId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerB.id, { name: 'Theirs' }))
      .id;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    folder = mkdtempSync(join(tmpdir(), 'upload-build-'));
    writeFileSync(join(folder, 'Reverb.pkg'), installer);
    writeFileSync(join(folder, 'README.txt'), readme);
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  const options = (overrides: Partial<UploadBuildOptions> = {}): UploadBuildOptions => ({
    url,
    email: 'staff@alpha.example',
    password: PASSWORD,
    productId,
    os: 'macOS',
    major: 2,
    minor: 0,
    revision: 1,
    buildNumber: 77,
    files: [join(folder, 'Reverb.pkg'), join(folder, 'README.txt')],
    ...overrides,
  });

  it('declares, uploads and confirms a build whose files then download intact, and signs out', async () => {
    const log: string[] = [];
    const build = await uploadBuild(options(), (line) => log.push(line));
    expect(build).toMatchObject({
      product_id: productId,
      os: 'macOS',
      major: 2,
      minor: 0,
      revision: 1,
      build_number: 77,
      upload_confirmed: true,
    });
    expect(build.files.map((file) => [file.name, file.size, file.sha256])).toEqual([
      ['Reverb.pkg', installer.length, sha256Hex(installer)],
      ['README.txt', readme.length, sha256Hex(readme)],
    ]);
    expect(log[log.length - 1]).toBe(`Build ${build.id}: upload confirmed.`);
    const download = await t.app.inject({
      method: 'GET',
      url: build.files[0].url!,
      headers: auth(tenants.staffAToken),
    });
    expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(installer));
    const liveSessions = await t.db
      .selectFrom('sessions')
      .innerJoin('system_users', 'system_users.id', 'sessions.system_user_id')
      .select('sessions.id')
      .where('system_users.email', '=', 'staff@alpha.example')
      .where('revoked_at', 'is', null)
      .execute();
    expect(liveSessions).toHaveLength(1); // only the fixture's own session: the CLI's was revoked
  });

  it("reports the server's message when the server refuses", async () => {
    await expect(uploadBuild(options())).rejects.toThrow(
      'Creating the build failed: A macOS build 2.0.1 (build number 77) already exists for this product.',
    );
    await expect(uploadBuild(options({ productId: otherTenantProductId, buildNumber: 78 }))).rejects.toThrow(
      'Creating the build failed: Product not found',
    );
    await expect(uploadBuild(options({ password: 'Wrong-Password-1' }))).rejects.toThrow(
      'Signing in failed: Invalid email or password.',
    );
  });

  it('checks the files before calling the server', async () => {
    await expect(uploadBuild(options({ files: [join(folder, 'missing.pkg')] }))).rejects.toThrow(
      `'${join(folder, 'missing.pkg')}' is not a file.`,
    );
    await expect(
      uploadBuild(options({ files: [join(folder, 'README.txt'), join(folder, 'README.txt')] })),
    ).rejects.toThrow("'README.txt' is given twice");
  });

  it('reports an unreachable server clearly', async () => {
    await expect(uploadBuild(options({ url: 'http://127.0.0.1:9' }))).rejects.toThrow(
      'Could not reach http://127.0.0.1:9',
    );
  });

  describe('parseUploadBuildArgs', () => {
    const base = [
      '--url',
      'http://hub.example:8080/',
      '--email',
      'ci@alpha.example',
      '--product',
      '5',
      '--os',
      'windows',
      '--version',
      '1.2.3',
      '--build-number',
      '42',
      'a.exe',
      'README.txt',
    ];

    it('reads every option, the files, and the password from the environment', () => {
      expect(parseUploadBuildArgs(base, { PRODUCTHUB_PASSWORD: 'secret' })).toEqual({
        url: 'http://hub.example:8080',
        email: 'ci@alpha.example',
        password: 'secret',
        productId: 5,
        os: 'Windows',
        major: 1,
        minor: 2,
        revision: 3,
        buildNumber: 42,
        files: ['a.exe', 'README.txt'],
      });
    });

    it.each([
      [base, {}, 'upload-build needs a password (PRODUCTHUB_PASSWORD or standard input).'],
      [[...base, '--password', 'Visible-In-ps-1'], { PRODUCTHUB_PASSWORD: 'p' }, '--password is no longer accepted'],
      [base.slice(0, -2), { PRODUCTHUB_PASSWORD: 'p' }, 'upload-build needs at least one FILE to upload.'],
      [
        base.map((arg) => (arg === 'windows' ? 'linux' : arg)),
        { PRODUCTHUB_PASSWORD: 'p' },
        "--os must be one of macOS, Windows, any, not 'linux'.",
      ],
      [
        base.map((arg) => (arg === '1.2.3' ? '1.2' : arg)),
        { PRODUCTHUB_PASSWORD: 'p' },
        "--version must be major.minor.revision (e.g. 1.2.3), not '1.2'.",
      ],
      [
        base.map((arg) => (arg === '5' ? 'five' : arg)),
        { PRODUCTHUB_PASSWORD: 'p' },
        "--product must be a whole number from 1, not 'five'.",
      ],
      [
        base.map((arg) => (arg === '42' ? '4.2' : arg)),
        { PRODUCTHUB_PASSWORD: 'p' },
        "--build-number must be a whole number, not '4.2'.",
      ],
      [[...base, '--colour', 'red'], { PRODUCTHUB_PASSWORD: 'p' }, "Unknown option '--colour'"],
    ])('refuses %j with a clear message', (args, env, message) => {
      expect(() => parseUploadBuildArgs(args, env)).toThrow(AdminCommandError);
      expect(() => parseUploadBuildArgs(args, env)).toThrow(message);
    });
  });
});
