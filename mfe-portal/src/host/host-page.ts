// The portal's standalone page, /portal/<slug>/… on the API server: no shell, no React of its own. It loads the portal
// remote from beside this script (the federation runtime first, then the container) and mounts it with the slug
// from the address, under /portal/<slug>, talking to the API of the same origin.
// The page is in the portal's default language (it passes mount() no locale); the catalogue stays out of this script.
import { standalonePage } from '../messages/en/standalone-page';

interface PortalContainer {
  init(shareScope: object): Promise<void>;
  get(module: './mount'): Promise<() => { mount: (element: HTMLElement, options: object) => () => void }>;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

/** `/portal/aurora-audio/licenses` → the portal's base path `/portal/aurora-audio` and its slug. */
export function portalOfPath(pathname: string): { basePath: string; slug: string } | null {
  const [, prefix, slug] = pathname.split('/');
  return prefix && slug ? { basePath: `/${prefix}/${slug}`, slug: decodeURIComponent(slug) } : null;
}

async function start(here: string) {
  const element = document.getElementById('portal')!;
  const portal = portalOfPath(location.pathname);
  if (!portal) throw new Error(`No portal in ${location.pathname}`);
  await loadScript(new URL('federation-runtime.js', here).href);
  await loadScript(new URL('remoteEntry.js', here).href);
  const container = (window as unknown as { portal: PortalContainer }).portal;
  await container.init({});
  const { mount } = (await container.get('./mount'))();
  mount(element, {
    apiBaseUrl: new URL('/api/v1', location.origin).href,
    manufacturer: portal.slug,
    basePath: portal.basePath,
    standalone: true,
  });
}

// Run only as the page's script (a test imports the module to check portalOfPath).
if (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement)
  start(document.currentScript.src).catch((error: unknown) => {
    console.error(error);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.textContent = standalonePage['portal.startFailed'];
    document.getElementById('portal')?.replaceChildren(message);
  });
