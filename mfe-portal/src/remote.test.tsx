import { act, screen, waitFor, within } from '@testing-library/react';
import { portalLink, portalNavigation, portalPages } from 'shared-kit/pages';
import { installFakeFetch } from 'shared-kit/testing';
import { mount } from './remote';
import { portalSessionKey } from './shared/session/session-store';
import { customerSession, descriptor, makeLicense } from './shared/test-support/fixtures';

const pageOf = (data: unknown[]) => ({
  data,
  pagination: {
    records: { total: data.length, per_page: 25 },
    pages: { current: 1, previous: null, next: null, last: 1 },
  },
});

describe('mount (for vendors)', () => {
  let element: HTMLElement;
  beforeEach(() => {
    sessionStorage.clear();
    element = document.createElement('div');
    document.body.appendChild(element);
  });
  afterEach(() => element.remove());

  it("renders the portal under basePath with the customer's session, sent with the portal's scheme", async () => {
    sessionStorage.setItem(portalSessionKey('aurora-audio'), JSON.stringify(customerSession));
    window.history.pushState({}, '', '/support/portal/licenses');
    const calls = installFakeFetch((call) => {
      if (call.path === '/portal/aurora-audio') return { status: 200, body: descriptor };
      if (call.path.startsWith('/portal/licenses')) return { status: 200, body: pageOf([makeLicense()]) };
      return { status: 404, body: { message: ['Not found'] } };
    });
    let unmount!: () => void;
    act(() => {
      unmount = mount(element, { apiBaseUrl: '/api/v1', manufacturer: 'aurora-audio', basePath: '/support/portal' });
    });
    expect(await screen.findByRole('listitem', { name: 'Aurora Reverb' })).toBeInTheDocument();
    const licences = calls.find((call) => call.path.startsWith('/portal/licenses'))!;
    expect(licences.authorization).toBe('PortalSession customer-token');
    expect(sessionStorage.getItem('producthub_auth')).toBeNull();
    // An integrator's page keeps its title.
    expect(document.title).not.toContain('customer portal');
    act(() => unmount());
    expect(element).toBeEmptyDOMElement();
  });

  it('goes back to sign-in when the server no longer takes the session (401)', async () => {
    sessionStorage.setItem(portalSessionKey('aurora-audio'), JSON.stringify(customerSession));
    window.history.pushState({}, '', '/portal/aurora-audio/licenses');
    installFakeFetch((call) =>
      call.path === '/portal/aurora-audio'
        ? { status: 200, body: descriptor }
        : { status: 401, body: { message: ['Please sign in to the portal.'] } },
    );
    act(() => {
      mount(element, {
        apiBaseUrl: '/api/v1',
        manufacturer: 'aurora-audio',
        basePath: '/portal/aurora-audio',
        standalone: true,
      });
    });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/portal/aurora-audio/sign-in');
    expect(sessionStorage.getItem(portalSessionKey('aurora-audio'))).toBeNull();
    // The standalone page is named after the manufacturer.
    await waitFor(() => expect(document.title).toBe('Aurora Audio: customer portal'));
  });

  it('takes the brand colour of the descriptor, and the vendor theme over it', async () => {
    window.history.pushState({}, '', '/portal/aurora-audio/sign-in');
    installFakeFetch(() => ({ status: 200, body: descriptor }));
    act(() => {
      mount(element, {
        apiBaseUrl: '/api/v1',
        manufacturer: 'aurora-audio',
        basePath: '/portal/aurora-audio',
        theme: { colors: { primary: '#004400' } },
      });
    });
    const send = await screen.findByRole('button', { name: 'Send code' });
    expect(getComputedStyle(send).backgroundColor).toBe('rgb(0, 68, 0)');
  });

  /** Mounts the portal at `path` under its standalone page's base, signed in or not; every call answered empty. */
  function mountAt(path: string, signedIn: boolean) {
    if (signedIn) sessionStorage.setItem(portalSessionKey('aurora-audio'), JSON.stringify(customerSession));
    window.history.pushState({}, '', `/portal/aurora-audio${path}`);
    installFakeFetch((call) =>
      call.path === '/portal/aurora-audio' ? { status: 200, body: descriptor } : { status: 200, body: pageOf([]) },
    );
    let unmount!: () => void;
    act(() => {
      unmount = mount(element, {
        apiBaseUrl: '/api/v1',
        manufacturer: 'aurora-audio',
        basePath: '/portal/aurora-audio',
      });
    });
    return () => act(() => unmount());
  }

  it.each(Object.values(portalPages.pages).filter((page) => page.customer))(
    'leads a visitor without a session from $path to sign-in',
    async (page) => {
      const unmount = mountAt(`/${page.path}`, false);
      expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/portal/aurora-audio/sign-in');
      unmount();
    },
  );

  it('leads the base address to the home page, and lists the navigation of the page table', async () => {
    const unmount = mountAt('/', true);
    await waitFor(() => expect(window.location.pathname).toBe(`/portal/aurora-audio${portalLink(portalPages.home)}`));
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      portalNavigation.map((page) => `/portal/aurora-audio${portalLink(page)}`),
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'My licenses',
      'My trials',
      'Downloads',
      'Offline activation',
      'My account',
      'Redeem a serial',
    ]);
    unmount();
  });
});
