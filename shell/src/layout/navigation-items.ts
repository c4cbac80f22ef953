import type { AccessLevel } from 'shared-kit';
import { CONSOLE_PAGE_TABLES, firstSegmentOf } from 'shared-kit/pages';

export interface NavigationItem {
  label: string;
  to: string;
  /** The first path segments under /Home whose pages belong to this section (its sub-pages included). */
  sections: string[];
}

const DASHBOARD: NavigationItem = { label: 'Dashboard', to: '/Home/Dashboard', sections: ['Dashboard'] };

const pages = Object.values(CONSOLE_PAGE_TABLES).flatMap((table) =>
  Object.values(table.pages).map((page) => ({
    ...page,
    section: page.section === undefined ? table.section : page.section,
  })),
);

/**
 * The menu items the remotes' page tables declare (shared-kit/pages), in remotes.json order, each with its section's
 * pages. A menu item's page takes no arguments: its route is its address.
 */
const REMOTE_ITEMS = pages.flatMap(({ nav, path }) => {
  if (!nav) return [];
  const segments = pages.filter((page) => page.section === nav.label).map((page) => firstSegmentOf(page.path));
  const item: NavigationItem = { label: nav.label, to: `/Home/${path}`, sections: [...new Set(segments)] };
  return [{ item, audience: nav.audience }];
});

/** docs/console.md, Layout and navigation: a superuser sees Dashboard and Manufacturers; any other level is a manufacturer user. */
export function navigationItems(accessLevel: AccessLevel): NavigationItem[] {
  const audience: AccessLevel = accessLevel === 'superuser' ? 'superuser' : 'manufacturer';
  return [DASHBOARD, ...REMOTE_ITEMS.filter((entry) => entry.audience === audience).map((entry) => entry.item)];
}

/** The item whose section holds `pathname` (e.g. /Home/UserDetails/7 → Users), if any. */
export function activeItem(items: NavigationItem[], pathname: string): NavigationItem | undefined {
  const segment = /^\/Home\/([^/]+)/.exec(pathname)?.[1];
  return segment === undefined ? undefined : items.find((item) => item.sections.includes(segment));
}
