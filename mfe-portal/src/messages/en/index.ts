import { portal } from './portal';
import { signIn } from './sign-in';
import { standalonePage } from './standalone-page';

// The English catalogue: the texts of the first load (the frame and signing in), and each page's texts, fetched with
// the page (src/remote.ts) so the first load does not carry them. A second language is a folder like this one.
export const en = {
  firstLoad: { ...standalonePage, ...portal, ...signIn },
  pages: {
    licenses: () => import('./licenses').then((texts) => texts.licenses),
    trials: () => import('./trials').then((texts) => texts.trials),
    offline: () => import('./offline').then((texts) => texts.offline),
    downloads: () => import('./downloads').then((texts) => texts.downloads),
    account: () => import('./account').then((texts) => texts.account),
    activate: () => import('./activate').then((texts) => texts.activate),
    redeem: () => import('./redeem').then((texts) => texts.redeem),
  },
};
