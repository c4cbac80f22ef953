import type { AccessLevel } from '../constants';
import type { RemoteName } from '../remotes';

/** What a remote needs of one of its pages: its route and its address (its manifest, the links into it). */
export interface PageRoute<Args extends unknown[] = never[]> {
  /** Its route under the remote's base (`/Home` in the console), in react-router's syntax. */
  path: string;
  /** Its address under the base, from what the page is about (the URLs of docs/console.md). */
  at: (...args: Args) => string;
}

/** What only the shell reads of a page, before the remote loads: kept out of the remotes' bundles. */
export interface PageShellSpec {
  /** Who the console lets open it (the page and the server still check their own rules). */
  access: readonly AccessLevel[];
  /** The main-menu item that opens this page, and for whom (a superuser, or a manufacturer user). */
  nav?: { label: string; audience: AccessLevel };
  /** The main-menu item (its label) highlighted on this page, when not the table's; `null` for none. */
  section?: string | null;
}

/** One page of a remote: what the shell must know before the remote loads, and how to link to it. */
export interface PageSpec<Args extends unknown[] = never[]> extends PageRoute<Args>, PageShellSpec {}

/** A remote's routes, by page name: what its manifest and the links into it need, and nothing the shell alone reads. */
export interface RemoteRoutes<
  Routes extends Record<string, PageRoute> = Record<string, PageRoute>,
  Remote extends RemoteName = RemoteName,
> {
  remote: Remote;
  pages: Routes;
}

// `never[]` parameters in PageRoute's default make every `at` assignable, whatever it takes.
export function remoteRoutes<const Routes extends Record<string, PageRoute>, const Remote extends RemoteName>(
  routes: RemoteRoutes<Routes, Remote>,
): RemoteRoutes<Routes, Remote> {
  return routes;
}

/** A remote's pages, by name: pure data (no React), so the shell imports it without the remote's code. */
export interface PageTable<
  Pages extends Record<string, PageSpec> = Record<string, PageSpec>,
  Remote extends RemoteName = RemoteName,
> extends RemoteRoutes<Pages, Remote> {
  /** The area's name in the shell's messages ("Loading Products...", "Products could not be loaded."). */
  title: string;
  /** The main-menu item (its label) highlighted on every page of the table unless a page says otherwise. */
  section?: string;
}

/** What the shell adds to a remote's routes: one entry per route (one left out, or one too many, does not compile). */
export interface ShellSpecs<Routes extends Record<string, PageRoute>> {
  title: string;
  section?: string;
  pages: { readonly [Name in keyof Routes]: PageShellSpec };
}

/** A remote's table: its routes, each with what the shell reads of it. */
export function pageTable<const Routes extends Record<string, PageRoute>, const Remote extends RemoteName>(
  routes: RemoteRoutes<Routes, Remote>,
  shell: ShellSpecs<Routes>,
): PageTable<{ [Name in keyof Routes]: Routes[Name] & PageShellSpec }, Remote> {
  const pages = Object.fromEntries(
    Object.entries(routes.pages).map(([name, route]) => [name, { ...route, ...shell.pages[name] }]),
  );
  return {
    remote: routes.remote,
    title: shell.title,
    ...(shell.section === undefined ? {} : { section: shell.section }),
    pages: pages as { [Name in keyof Routes]: Routes[Name] & PageShellSpec },
  };
}

/** The links into a remote's pages: a function per page, taking what the page's `at` takes. */
export type PageLinks<Pages extends Record<string, Pick<PageRoute, 'at'>>> = {
  [Name in keyof Pages]: (...args: Parameters<Pages[Name]['at']>) => string;
};

/**
 * The links of a table, relative to the page that follows them (`../<address>`): from any page of any remote under
 * the same base (`/Home` in the shell, the base path when mounted elsewhere) they lead to the page.
 */
export function linksOf<Pages extends Record<string, Pick<PageRoute, 'at'>>>(routes: {
  pages: Pages;
}): PageLinks<Pages> {
  const links: Record<string, (...args: never[]) => string> = {};
  for (const [name, page] of Object.entries(routes.pages)) links[name] = (...args) => `../${page.at(...args)}`;
  return links as PageLinks<Pages>;
}

/** The first segment of a route or an address: what tells the shell which remote renders it. */
export const firstSegmentOf = (path: string): string => path.replace(/^\//, '').split('/')[0];
