import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './support/test-app';

// The build writes .br and .gz copies beside every asset; the server sends the one the browser accepts, with the
// original's type and caching, and the plain file to a client that accepts neither.
describe('static apps: precompressed assets', () => {
  let t: TestApp;
  let appsDir: string;
  const chunk = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  function writeAsset(dir: string, name: string, text: string) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
  }

  beforeAll(async () => {
    appsDir = mkdtempSync(join(tmpdir(), 'producthub-apps-'));
    const shellDist = join(appsDir, 'shell', 'dist');
    writeAsset(shellDist, 'index.html', '<!doctype html><title>ProductHub</title>');
    writeAsset(shellDist, 'main.js', chunk);
    writeAsset(shellDist, 'console.0123abcd.js', chunk);
    writeAsset(join(appsDir, 'mfe-users', 'dist'), 'remoteEntry.js', chunk);
    t = await createTestApp({ appsDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(appsDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli when the browser accepts it, with the JS type', async () => {
    const response = await get('/main.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(chunk);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/remotes/mfe-users/remoteEntry.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(chunk);

    const plain = await get('/remotes/mfe-users/remoteEntry.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('keeps the caching of the original file: hashed chunks immutable, entries revalidated', async () => {
    expect((await get('/console.0123abcd.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/main.js', 'br')).headers['cache-control']).toBe('no-cache');
    expect((await get('/console.0123abcd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/main.js')).headers['cache-control']).toBe('no-cache');
  });
});
