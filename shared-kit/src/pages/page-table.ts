import type { AccessLevel } from '../constants';
import type { RemoteName } from '../remotes';

/** One page of a remote: what the shell must know before the remote loads, and how to link to it. */
export interface PageSpec<Args extends unknown[] = never[]> {
  /** Its route under the remote's base (`/Home` in the console), in react-router's syntax. */
  path: string;
  /** Who the console lets open it (the page and the server still check their own rules). */
  access: readonly AccessLevel[];
  /** Its address under the base, from what the page is about (the URLs of docs/console.md). */
  at: (...args: Args) => string;
  /** The main-menu item that opens this page, and for whom (a superuser, or a manufacturer user). */
  nav?: { label: string; audience: AccessLevel };
  /** The main-menu item (its label) highlighted on this page, when not the table's; `null` for none. */
  section?: string | null;
}

/** A remote's pages, by name: pure data (no React), so the shell imports it without the remote's code. */
export interface PageTable<
  Pages extends Record<string, PageSpec> = Record<string, PageSpec>,
  Remote extends RemoteName = RemoteName,
> {
  remote: Remote;
  /** The area's name in the shell's messages ("Loading Products...", "Products could not be loaded."). */
  title: string;
  /** The main-menu item (its label) highlighted on every page of the table unless a page says otherwise. */
  section?: string;
  pages: Pages;
}

// `never[]` parameters in PageSpec's default make every `at` assignable, whatever it takes.
export function pageTable<const Pages extends Record<string, PageSpec>, const Remote extends RemoteName>(
  table: PageTable<Pages, Remote>,
): PageTable<Pages, Remote> {
  return table;
}

/** The links into a remote's pages: a function per page, taking what the page's `at` takes. */
export type PageLinks<Pages extends Record<string, PageSpec>> = {
  [Name in keyof Pages]: (...args: Parameters<Pages[Name]['at']>) => string;
};

/**
 * The links of a table, relative to the page that follows them (`../<address>`): from any page of any remote under
 * the same base (`/Home` in the shell, the base path when mounted elsewhere) they lead to the page.
 */
export function linksOf<Pages extends Record<string, PageSpec>>(table: PageTable<Pages>): PageLinks<Pages> {
  const links: Record<string, (...args: never[]) => string> = {};
  for (const [name, page] of Object.entries(table.pages)) links[name] = (...args) => `../${page.at(...args)}`;
  return links as PageLinks<Pages>;
}

/** The first segment of a route or an address: what tells the shell which remote renders it. */
export const firstSegmentOf = (path: string): string => path.replace(/^\//, '').split('/')[0];
