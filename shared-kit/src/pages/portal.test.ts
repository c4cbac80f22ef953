import { matchPath } from 'react-router';
import { CUSTOMER_REMOTE_NAMES } from '../remotes';
import { portalLink, portalNavigation, portalPageAddress, portalPages, type PortalPageName } from './portal';

const names = Object.keys(portalPages.pages) as PortalPageName[];

describe('the customer portal’s page table', () => {
  it('belongs to the portal of customer-remotes.json, and its home is a page a customer opens', () => {
    expect(CUSTOMER_REMOTE_NAMES).toContain(portalPages.remote);
    expect(portalPages.pages[portalPages.home].customer).toBe(true);
  });

  it('keeps the addresses of docs/portal.md, byte for byte', () => {
    expect(names.map(portalLink)).toEqual([
      '/sign-in',
      '/licenses',
      '/trials',
      '/downloads',
      '/offline',
      '/account',
      '/activate',
      '/redeem',
    ]);
    expect(portalPageAddress('aurora-audio')).toBe('/portal/aurora-audio/');
    expect(portalPageAddress('aurora-audio', portalLink('signIn'))).toBe('/portal/aurora-audio/sign-in');
  });

  it('opens sign-in to anyone and every other page to a signed-in customer only', () => {
    expect(names.filter((name) => !portalPages.pages[name].customer)).toEqual(['signIn']);
  });

  it('lists the customer’s pages in its navigation, in the table’s order', () => {
    expect(portalNavigation).toEqual(['licenses', 'trials', 'downloads', 'offline', 'account', 'redeem']);
  });

  it('leads each link to its own page and no other', () => {
    for (const name of names) {
      const matching = names.filter((other) => matchPath({ path: portalPages.pages[other].path }, portalLink(name)));
      expect({ name, matching }).toEqual({ name, matching: [name] });
    }
  });
});
