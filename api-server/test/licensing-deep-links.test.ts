import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

// The machine is shared: starting a database and hashing passwords (scrypt) can be slow under load.
jest.setTimeout(60_000);

// The licence page's address ends with the product identifier (com.aurora.reverb), which looks like a file name.
describe('deep links to licence pages', () => {
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

  it.each(['/Home/ProductLicenses/1/Aurora%20Reverb/com.aurora.reverb', '/Home/ProductLicenses/1/Aurora%20Reverb/none', '/Home/ProductTrials/1/Aurora.Reverb'])(
    'serves the console for %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>ProductHub</title>');
    },
  );

  it('still answers 404 for a missing file outside the console pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/missing-chunk.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ['Not found'] });
  });
});
