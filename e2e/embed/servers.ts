import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { E2E_DATABASE_URL, E2E_MAIL_ENV, E2E_MASTER_KEY } from '../support/stack';

const REPO = resolve(__dirname, '../..');

export interface Running {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`${url} exited: ${output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer: ${output()}`);
}

function start(command: string[], env: Record<string, string>, readyUrl: string, url: string): Promise<Running> {
  const child = spawn(process.execPath, command, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return waitFor(readyUrl, child, () => output).then(
    () => ({ url, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

/** One remote's built dist/ on its own origin, exactly as `npm run serve -w <remote>` serves it. */
export function serveRemote(app: string, port: number): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return start(['tools/serve-static.mjs', `${app}/dist`], { PORT: String(port) }, `${url}/mf-manifest.json`, url);
}

/**
 * A second console server on the e2e database with a run-time environment of its own (PRODUCTHUB_REMOTES,
 * PRODUCTHUB_CORS_ORIGINS): the same built shell, never rebuilt, configured differently.
 */
export function startConsole(port: number, env: Record<string, string>): Promise<Running> {
  const url = `http://127.0.0.1:${port}`;
  return start(
    ['api-server/dist/main.js'],
    {
      PORT: String(port),
      DATABASE_URL: E2E_DATABASE_URL,
      PRODUCTHUB_DATA_DIR: mkdtempSync(join(tmpdir(), 'producthub-e2e-console-')),
      PRODUCTHUB_MASTER_KEY: E2E_MASTER_KEY,
      PRODUCTHUB_ENV: 'e2e',
      PRODUCTHUB_LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...E2E_MAIL_ENV,
      ...env,
    },
    `${url}/readyz`,
    url,
  );
}

/** Starts a page server on 127.0.0.1. */
function listenOnLoopback(server: Server, port: number): Promise<Running> {
  return new Promise((done) =>
    server.listen(port, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${port}`,
        stop: () => new Promise<void>((closed) => server.close(() => closed())),
      }),
    ),
  );
}

const EMBED_FILES: Record<string, string> = { '/load-remote.js': 'load-remote.js', '/embed.js': 'embed.js' };
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };

/** The integrator's page (e2e/embed/index.html at every path, like any single-page site) and its settings. */
export function serveEmbedPage(
  port: number,
  settings: { apiBaseUrl: string; remotes: Record<string, string> },
): Promise<Running> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/embed-config.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(settings));
      return;
    }
    const file = EMBED_FILES[path] ?? 'index.html';
    response
      .writeHead(200, { 'Content-Type': TYPES[extname(file)], 'Cache-Control': 'no-cache' })
      .end(readFileSync(join(__dirname, file)));
  });
  return listenOnLoopback(server, port);
}

const PORTAL_EMBED_FILES: Record<string, string> = {
  '/load-remote.js': 'load-remote.js',
  '/portal-embed.js': 'portal-embed.js',
  '/vendor.css': 'vendor.css',
};
const PORTAL_EMBED_TYPES: Record<string, string> = { ...TYPES, '.css': 'text/css' };

/**
 * A vendor's site embedding the customer portal (e2e/embed/portal.html at every path under /support/portal), with the
 * Content-Security-Policy docs/portal.md asks of it: the portal's files from their origin, the API in connect-src.
 */
export function servePortalEmbedPage(
  port: number,
  settings: { apiBaseUrl: string; remoteEntry: string; manufacturer: string },
): Promise<Running> {
  const remoteOrigin = new URL(settings.remoteEntry).origin;
  const apiOrigin = new URL(settings.apiBaseUrl).origin;
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${remoteOrigin}`,
    `connect-src 'self' ${remoteOrigin} ${apiOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
  ].join('; ');
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/portal-embed-config.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(settings));
      return;
    }
    const file = PORTAL_EMBED_FILES[path] ?? (path.startsWith('/support/portal') ? 'portal.html' : undefined);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'Content-Type': PORTAL_EMBED_TYPES[extname(file)],
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': csp,
      })
      .end(readFileSync(join(__dirname, file)));
  });
  return listenOnLoopback(server, port);
}
