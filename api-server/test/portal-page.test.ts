import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

const SHELL_PAGE = '<!doctype html><title>ProductHub console</title>';
const PORTAL_PAGE = '<!doctype html><title>ProductHub</title><div id="portal"></div>';

// The customer portal's standalone page: /portal/<slug>/… answers mfe-portal's host page (deep links and the
// mail's sign-in link reload), and a customer never gets the staff console, whatever the address under /portal.
describe('the portal page', () => {
  let t: TestApp;
  let appsDir: string;

  beforeAll(async () => {
    appsDir = mkdtempSync(join(tmpdir(), 'producthub-apps-'));
    mkdirSync(join(appsDir, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(appsDir, 'shell', 'dist', 'index.html'), SHELL_PAGE);
    mkdirSync(join(appsDir, 'mfe-portal', 'dist'), { recursive: true });
    writeFileSync(join(appsDir, 'mfe-portal', 'dist', 'host-page.html'), PORTAL_PAGE);
    writeFileSync(join(appsDir, 'mfe-portal', 'dist', 'remoteEntry.js'), 'var portal;');
    t = await createTestApp({ appsDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(appsDir, { recursive: true, force: true });
  });

  it.each([
    '/portal/aurora-audio',
    '/portal/aurora-audio/',
    '/portal/aurora-audio/licenses',
    '/portal/aurora-audio/sign-in?token=abc.def',
    '/portal/a/trials?page=2',
  ])('serves the portal page, not the console, for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(PORTAL_PAGE);
    // The same Content-Security-Policy as every answer.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each(['/portal', '/portal/', '/portal/Aurora_Audio/', '/portal/-aurora/'])(
    'answers 404 (never the console) for %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ['Not found'] });
    },
  );

  it('answers 404 to anything but GET under /portal', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/portal/aurora-audio/sign-in', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it("serves the portal's remote beside the console's, but never lists it in the console's config", async () => {
    const entry = await t.app.inject({ method: 'GET', url: '/remotes/mfe-portal/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    const config = (await t.app.inject({ method: 'GET', url: '/config.json' })).json() as {
      remotes: Record<string, string>;
    };
    expect(Object.keys(config.remotes).sort()).toEqual(['catalog', 'licensing', 'manufacturers', 'users']);
    expect(JSON.stringify(config)).not.toContain('portal');
  });

  it('still serves the console for its own pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/Home/MyProducts' });
    expect(response.body).toBe(SHELL_PAGE);
  });
});
