import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

// The users pages carry emails in their addresses (/Home/EditUser/{id}/{email}, /Home/CreateUserLicense/{id}/{email}):
// opening or reloading one must get the console, not a 404 for a "file" named like the email's domain.
describe('deep links to users pages', () => {
  let t: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = mkdtempSync(join(tmpdir(), 'producthub-apps-'));
    mkdirSync(join(appsDir, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(appsDir, 'shell', 'dist', 'index.html'), '<!doctype html><title>ProductHub</title>');
    t = await createTestApp({ appsDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(appsDir, { recursive: true, force: true });
  });

  it.each([
    '/Home/EditUser/3/ada%40listener.example',
    '/Home/EditUser/3/ada@listener.example/crm.v2',
    '/Home/CreateUserLicense/3/ada@listener.example',
    '/Home/UserDetails/3',
  ])('serves the console for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>ProductHub</title>');
  });

  it('still answers 404 for a missing file outside the console routes and for unknown API paths', async () => {
    for (const url of ['/missing-chunk.0123abcd.js', '/api/v1/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
