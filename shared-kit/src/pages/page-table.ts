import type { AccessLevel } from '../constants';
import type { RemoteName } from '../remotes';

/** What a remote needs of one of its pages: its route (its manifest binds a component to it). */
export interface PageRoute {
  /** Its route under the remote's base (`/Home` in the console), in react-router's syntax. */
  path: string;
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

/** One page of a remote: its route and what the shell must know before the remote loads. */
export interface PageSpec extends PageRoute, PageShellSpec {}

/** A remote's routes, by page name: what its manifest needs, and nothing the shell alone reads. */
export interface RemoteRoutes<
  Routes extends Record<string, PageRoute> = Record<string, PageRoute>,
  Remote extends RemoteName = RemoteName,
> {
  remote: Remote;
  pages: Routes;
}

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

/**
 * The links into a remote's pages: one function per page, from what the page is about to its address relative to the
 * page that follows it (`../<address>`), so from any page of any remote under the same base (`/Home` in the shell,
 * the base path when mounted elsewhere) it leads there. Apart from the routes: a remote's first chunk holds its routes,
 * and a link travels with the page that follows it.
 */
export type PageLinks<Routes extends Record<string, PageRoute>> = {
  readonly [Name in keyof Routes]: (...args: never[]) => string;
};

/** The first segment of a route or an address: what tells the shell which remote renders it. */
export const firstSegmentOf = (path: string): string => path.replace(/^\//, '').split('/')[0];
