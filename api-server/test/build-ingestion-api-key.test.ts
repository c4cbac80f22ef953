import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from './support/test-app';
import { auth, createTenants } from './support/fixtures';
import { insertTestProduct } from './catalog-fixtures';

const run = promisify(execFile);

/** The CI step of docs/build-ingestion.md, as written there (the sh block after the `ci-upload-step` marker). */
function documentedStep(): string {
  const doc = readFileSync(join(__dirname, '../../docs/build-ingestion.md'), 'utf8');
  const marker = doc.indexOf('<!-- ci-upload-step');
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(marker));
  if (marker < 0 || !block) throw new Error('docs/build-ingestion.md has no ci-upload-step block');
  return block[1];
}

describe('build ingestion from CI with an API key (the documented curl step, over HTTP)', () => {
  let t: TestApp;
  let tenants: Awaited<ReturnType<typeof createTenants>>;
  let url: string;
  let folder: string;
  let productId: number;
  const bytes = Buffer.from('a plug-in installer, built by CI\n'.repeat(2000));

  beforeAll(async () => {
    t = await createTestApp();
    tenants = await createTenants(t.app, t.db);
    productId = (await insertTestProduct(t.db, t.masterKey, tenants.manufacturerA.id, { name: 'Reverb' })).id;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    folder = mkdtempSync(join(tmpdir(), 'ci-upload-'));
    writeFileSync(join(folder, 'Reverb-1.4.0.pkg'), bytes);
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  /** A real key, created the way staff do: through the console's route, with a staff session. */
  async function createKey(scopes: string[]): Promise<{ id: number; prefix: string; secret: string }> {
    const response = await fetch(`${url}/api/v1/manufacturers/${tenants.manufacturerA.id}/api-keys`, {
      method: 'POST',
      headers: { ...auth(tenants.staffAToken), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Release pipeline', scopes }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; prefix: string; secret: string };
  }

  const step = (key: string, buildNumber: number) =>
    run('sh', ['-c', documentedStep()], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        PRODUCTHUB_URL: url,
        PRODUCTHUB_API_KEY: key,
        PRODUCT_ID: String(productId),
        FILE: 'Reverb-1.4.0.pkg',
        OS: 'macOS',
        VERSION: '1.4.0',
        BUILD_NUMBER: String(buildNumber),
      },
    });

  it('declares, uploads and confirms a build; the key is the actor in History', async () => {
    const key = await createKey(['builds:upload']);
    const { stdout } = await step(key.secret, 311);
    const buildId = Number(stdout.trim());
    expect(buildId).toBeGreaterThan(0);

    const build = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/builds/${buildId}`,
      headers: auth(tenants.staffAToken),
    });
    expect(build.json()).toMatchObject({ upload_confirmed: true, major: 1, minor: 4, revision: 0, build_number: 311 });
    const files = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clients/app/products/${productId}/builds/${buildId}/files`,
      headers: auth(tenants.staffAToken),
    });
    expect(files.json()).toMatchObject([
      { name: 'Reverb-1.4.0.pkg', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events?object_type=build&object_id=${buildId}`,
      headers: auth(tenants.staffAToken),
    });
    const events = history.json().data as { action: string; actor: unknown }[];
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const event of events)
      expect(event.actor).toEqual({ type: 'api_key', id: key.id, name: 'Release pipeline', prefix: key.prefix });
  });

  it('stops with the server message when the key lacks the scope, and creates nothing', async () => {
    const key = await createKey(['read']);
    const before = await t.db.selectFrom('builds').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expect(step(key.secret, 312)).rejects.toMatchObject({
      stderr: expect.stringContaining('This API key cannot do this'),
    });
    const after = await t.db.selectFrom('builds').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('stops when the key is revoked', async () => {
    const key = await createKey(['builds:upload']);
    const revoke = await fetch(`${url}/api/v1/manufacturers/${tenants.manufacturerA.id}/api-keys/${key.id}/revoke`, {
      method: 'POST',
      headers: auth(tenants.staffAToken),
    });
    expect(revoke.status).toBe(200);
    const failure = step(key.secret, 313);
    await expect(failure).rejects.toMatchObject({ stderr: expect.stringContaining('The API key is not valid.') });
  });
});
