import { PORTAL_PAGE_PREFIX } from '../contract/portal-constants';
import type { CustomerRemoteName } from '../remotes';

/** One page of the customer portal (mfe-portal). */
export interface PortalPageSpec {
  /** Its route under the portal's base (`/portal/<slug>` on its standalone page, a vendor's `basePath` elsewhere). */
  path: string;
  /** Only a signed-in customer opens it: without a session the way leads to sign-in. */
  customer: boolean;
  /** An item of the portal's navigation (its text: `nav.<page>`), shown once signed in, in the table's order. */
  nav?: true;
}

/** The customer portal's pages, by name: pure data, read by the portal's routes and navigation and by the server's mails. */
export interface PortalPageTable<Pages extends Record<string, PortalPageSpec> = Record<string, PortalPageSpec>> {
  remote: CustomerRemoteName;
  /** The page the portal's base address and a finished sign-in lead to. */
  home: keyof Pages & string;
  pages: Pages;
}

export function portalPageTable<const Pages extends Record<string, PortalPageSpec>>(
  table: PortalPageTable<Pages>,
): PortalPageTable<Pages> {
  return table;
}

/** The portal's pages (docs/portal.md): sign-in first, then what a signed-in customer sees, in its navigation's order. */
export const portalPages = portalPageTable({
  remote: 'portal',
  home: 'licenses',
  pages: {
    signIn: { path: 'sign-in', customer: false },
    licenses: { path: 'licenses', customer: true, nav: true },
    trials: { path: 'trials', customer: true, nav: true },
    downloads: { path: 'downloads', customer: true, nav: true },
    offline: { path: 'offline', customer: true, nav: true },
    account: { path: 'account', customer: true, nav: true },
    activate: { path: 'activate', customer: true },
    redeem: { path: 'redeem', customer: true, nav: true },
  },
});

type PortalPages = (typeof portalPages)['pages'];
export type PortalPageName = keyof PortalPages;
/** The pages in the portal's navigation. */
export type PortalNavPage = {
  [Name in PortalPageName]: PortalPages[Name] extends { nav: true } ? Name : never;
}[PortalPageName];

/** The portal's navigation: its pages, in the table's order. */
export const portalNavigation = (Object.keys(portalPages.pages) as PortalPageName[]).filter(
  (name): name is PortalNavPage => (portalPages.pages[name] as PortalPageSpec).nav === true,
);

/** A link to a portal page from any page of the portal: `/<path>`, which the portal's router puts under its base. */
export const portalLink = (page: PortalPageName): string => `/${portalPages.pages[page].path}`;

/** Where ProductHub serves a portal page of `slug` (its base `/portal/<slug>/` without `link`). */
export const portalPageAddress = (slug: string, link = '/'): string => `${PORTAL_PAGE_PREFIX}/${slug}${link}`;
