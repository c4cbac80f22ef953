import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PORTAL_PAGE_PREFIX, PORTAL_SLUG_PATTERN } from 'shared-kit/contract';
import { ALL_REMOTE_APPS, REMOTE_NAMES, customerRemoteAppOf, remoteAppOf } from 'shared-kit/remotes';
import type { ServerConfig } from '../config';

export interface RuntimeConfig {
  apiBaseUrl: string;
  environment: string;
  version: string;
  remotes: Record<string, string>;
}

/** The shell's run-time config: remote URLs are never baked into the shell build. */
export function runtimeConfig(config: ServerConfig): RuntimeConfig {
  const defaults = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/remotes/${remoteAppOf(name)}/mf-manifest.json`]),
  );
  const overrides = config.remotesConfig ? (JSON.parse(config.remotesConfig) as Record<string, string>) : {};
  return {
    apiBaseUrl: '/api/v1',
    environment: config.environment,
    version: config.version,
    remotes: { ...defaults, ...overrides },
  };
}

// Chunks named by their content hash never change; everything else (entries, manifests, pages) is revalidated.
// `path` is the file sent, which may be the .br or .gz copy the build wrote beside the asset.
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string) {
  const hashed = /\.[0-9a-f]{8}\.js(\.map)?(\.br|\.gz)?$/.test(path);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
}

/** Precompressed copies are sent as they are; our own Cache-Control (cacheHeaders) replaces the library's. */
const STATIC_OPTIONS = { setHeaders: cacheHeaders, cacheControl: false, preCompressed: true } as const;

/** The customer portal's standalone page (mfe-portal's build, `host-page.html`): not the staff shell. */
const PORTAL_HOST_PAGE = 'host-page.html';
const PORTAL_PAGE_PATH = new RegExp(`^${PORTAL_PAGE_PREFIX}/(${PORTAL_SLUG_PATTERN.slice(1, -1)})(/.*)?$`);

/** `/portal/<slug>` and every page under it (`/portal/aurora-audio/licenses`, the sign-in link's `/sign-in`). */
export const isPortalPagePath = (path: string) => PORTAL_PAGE_PATH.test(path);

/**
 * Serves the built shell at `/` (any unknown page gets its index.html), each remote under `/remotes/<app>/`, and the
 * customer portal's own page at `/portal/<slug>/…` (never the shell). Unknown API paths and files answer 404 in the
 * API's error shape.
 */
export async function registerStaticApps(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const shellRoot = config.appsDir ? join(config.appsDir, 'shell', 'dist') : undefined;
  const hasShell = !!shellRoot && existsSync(shellRoot);
  const portalPage = config.appsDir
    ? join(config.appsDir, customerRemoteAppOf('portal'), 'dist', PORTAL_HOST_PAGE)
    : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // Customers get the portal's page or a 404, never the staff console.
    if (path === PORTAL_PAGE_PREFIX || path.startsWith(`${PORTAL_PAGE_PREFIX}/`)) {
      const page =
        request.method === 'GET' && portalPage && isPortalPagePath(path)
          ? await readFile(portalPage, 'utf8').catch(() => null)
          : null;
      if (page === null) return reply.status(404).send({ message: ['Not found'] });
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    // Console routes under /Home are always pages, even when they end in something that looks like a file
    // name (/Home/EditUser/3/ada@example.com); elsewhere a missing file answers 404 rather than the page.
    const wantsPage =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      (path.startsWith('/Home/') || !/\.[a-z0-9]+$/i.test(path));
    if (hasShell && wantsPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', shellRoot);
    return reply.status(404).send({ message: ['Not found'] });
  });

  const served = runtimeConfig(config);
  app.get('/config.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(served),
  );
  if (!config.appsDir) return;

  // The console's remotes and the customers' (the portal loads from /remotes/mfe-portal/ beside its page's script).
  for (const remote of ALL_REMOTE_APPS) {
    const root = join(config.appsDir, remote, 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      ...STATIC_OPTIONS,
      root,
      prefix: `/remotes/${remote}/`,
      decorateReply: false,
      index: false,
    });
  }

  if (hasShell) await app.register(fastifyStatic, { ...STATIC_OPTIONS, root: shellRoot, prefix: '/', wildcard: true });
}
