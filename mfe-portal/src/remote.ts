// The customer portal's manifest: its pages (shared-kit/pages, portalPages) bound to their components. Exposed as
// ./mount only (tools/webpack/create-app-config.js): no shell loads it; vendors and its standalone page call `mount`.
import { createElement, type ComponentType } from 'react';
import { lazyComponent } from 'shared-kit';
import { portalPages } from 'shared-kit/pages';
import { definePortal } from './embedding/define-portal';
import SignInPage from './features/sign-in/pages/SignInPage';
import { withPageTexts, type PageTexts } from './messages/catalogue';
import { PageLoading } from './shared/components/PageState';

/** A customer's page, in its own chunk, settled once its texts (the catalogue's part of the same name) are there too. */
const pageWithTexts = (texts: PageTexts, load: () => Promise<{ default: ComponentType }>) =>
  lazyComponent(() => withPageTexts(texts, load()).then((page) => page.default), createElement(PageLoading));

// Sign-in is the first screen of every visit; the customer's pages come in their own chunks, with their texts.
const portal = definePortal(portalPages, {
  signIn: SignInPage,
  licenses: pageWithTexts('licenses', () => import('./features/licenses/pages/LicensesPage')),
  trials: pageWithTexts('trials', () => import('./features/trials/pages/TrialsPage')),
  downloads: pageWithTexts('downloads', () => import('./features/downloads/pages/DownloadsPage')),
  offline: pageWithTexts('offline', () => import('./features/offline/pages/OfflineActivationPage')),
  account: pageWithTexts('account', () => import('./features/account/pages/AccountPage')),
  activate: pageWithTexts('activate', () => import('./features/activate/pages/ActivatePage')),
  redeem: pageWithTexts('redeem', () => import('./features/redeem/pages/RedeemPage')),
});

export default portal.Routes;
export const { name, mount } = portal;
export type { PortalMountOptions, Unmount } from './embedding/create-portal-mount';
