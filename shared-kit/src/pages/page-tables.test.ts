import { matchPath } from 'react-router';
import { REMOTE_NAMES } from '../remotes';
import {
  CONSOLE_PAGE_TABLES,
  catalogLinks,
  catalogRoutes,
  firstSegmentOf,
  licensingLinks,
  licensingRoutes,
  manufacturersLinks,
  manufacturersRoutes,
  pageTable,
  usersLinks,
  usersRoutes,
  type PageSpec,
} from './index';

const tables = Object.values(CONSOLE_PAGE_TABLES);
const LINKS: Record<string, Record<string, (...args: never[]) => string>> = {
  catalog: catalogLinks,
  licensing: licensingLinks,
  users: usersLinks,
  manufacturers: manufacturersLinks,
};
const allPages = tables.flatMap((table) => Object.entries(table.pages).map(([name, page]) => ({ table, name, page })));

/** What each page with arguments is about, for an example of its link. */
const EXAMPLES: Record<string, unknown[]> = {
  updateProduct: [{ id: 4 }],
  productBuilds: [4],
  buildDetails: [4, 11],
  productReleases: [4],
  createRelease: [4, [7, 9]],
  updateRelease: [4, 9],
  productLicensing: [4],
  productLicenses: [{ id: 4, name: 'Reverb / Pro', identifier: '' }],
  productTrials: [{ id: 4, name: 'Reverb / Pro' }],
  editUser: [{ id: 3, email: 'a+b@c.example', external_id: 'crm 7' }],
  userDetails: [3],
  createUserLicense: [3, 'a+b@c.example'],
  manufacturerDetails: [2],
  apiKeys: [2],
  webhookDeliveries: [2, 5],
  emails: [2],
  email: [2, 8],
};

describe('the console remotes’ page tables', () => {
  it('has one table per console remote, named as remotes.json names it', () => {
    expect(Object.keys(CONSOLE_PAGE_TABLES)).toEqual(REMOTE_NAMES);
    for (const [name, table] of Object.entries(CONSOLE_PAGE_TABLES)) expect(table.remote).toBe(name);
  });

  it('gives every first segment under /Home to exactly one remote', () => {
    const owners = new Map<string, string>();
    for (const { table, page } of allPages) {
      const segment = firstSegmentOf(page.path);
      expect({ segment, owner: owners.get(segment) ?? table.remote }).toEqual({ segment, owner: table.remote });
      owners.set(segment, table.remote);
    }
  });

  it.each(allPages.map(({ table, name, page }) => [name, table.remote, page] as const))(
    '%s: its link leads to its route, with the values it was made from',
    (name, remote, page: PageSpec) => {
      const link = LINKS[remote][name];
      expect({ name, link: typeof link }).toEqual({ name, link: 'function' });
      const address = link(...((EXAMPLES[name] ?? []) as never[])).replace(/^\.\.\//, '');
      const match = matchPath({ path: `/Home/${page.path}`, end: true }, `/Home/${address}`);
      expect({ name, address, matches: match !== null }).toEqual({ name, address, matches: true });
      // No other page of the console claims the address.
      const others = allPages.filter(
        (other) =>
          other.page !== page && matchPath({ path: `/Home/${other.page.path}`, end: true }, `/Home/${address}`),
      );
      expect(others.map((other) => other.name)).toEqual([]);
    },
  );

  it('keeps the addresses of docs/console.md, byte for byte', () => {
    expect(licensingLinks.productLicenses({ id: 4, name: 'Reverb / Pro', identifier: '' })).toBe(
      '../ProductLicenses/4/Reverb%20%2F%20Pro/none',
    );
    expect(licensingLinks.productTrials({ id: 4, name: 'Reverb' })).toBe('../ProductTrials/4/Reverb');
    expect(catalogLinks.createRelease(4, [7, 9])).toBe('../CreateRelease/4/7,9');
    expect(catalogLinks.createRelease(4)).toBe('../CreateRelease/4');
    expect(catalogLinks.products()).toBe('../MyProducts');
    expect(usersLinks.editUser({ id: 3, email: 'a@b.c', external_id: null })).toBe('../EditUser/3/a%40b.c');
    expect(usersLinks.editUser({ id: 3, email: 'a@b.c', external_id: 'x/1' })).toBe('../EditUser/3/a%40b.c/x%2F1');
    expect(usersLinks.createUserLicense(3, 'a@b.c')).toBe('../CreateUserLicense/3/a%40b.c');
    expect(manufacturersLinks.email(2, 8)).toBe('../Manufacturers/2/Emails/8');
    expect(licensingLinks.manufacturerOrders(2)).toBe('../ManufacturerOrders/2');
    expect(licensingLinks.order(31)).toBe('../Orders/31');
  });

  it('opens a menu item’s page without arguments, and names only menu items as sections', () => {
    const menu = allPages.filter(({ page }) => page.nav).map(({ page }) => page);
    expect(menu.map((page) => page.nav?.label)).toEqual(['My Products', 'Users', 'Manufacturers']);
    for (const { table, name, page } of allPages)
      if (page.nav)
        expect({ name, link: LINKS[table.remote][name](), path: page.path }).toEqual({
          name,
          link: `../${page.path}`,
          path: page.path,
        });
    const labels = new Set(menu.map((page) => page.nav?.label));
    for (const table of tables) if (table.section) expect(labels).toContain(table.section);
    for (const { page } of allPages) if (page.section) expect(labels).toContain(page.section);
  });

  it('builds each table from its remote’s routes: the same pages and paths, and a link for each', () => {
    const routes = {
      catalog: catalogRoutes,
      licensing: licensingRoutes,
      users: usersRoutes,
      manufacturers: manufacturersRoutes,
    };
    for (const [name, table] of Object.entries(CONSOLE_PAGE_TABLES)) {
      const own = routes[name as keyof typeof routes];
      expect(own.remote).toBe(table.remote);
      expect(Object.keys(table.pages)).toEqual(Object.keys(own.pages));
      for (const [page, route] of Object.entries(own.pages) as [string, PageSpec][])
        expect(table.pages[page].path).toBe(route.path);
      expect(Object.keys(LINKS[name])).toEqual(Object.keys(own.pages));
    }
  });

  it('needs what the shell reads for every route: a route left out, or a page without one, does not compile', () => {
    const manufacturer = { access: ['manufacturer'] } as const;
    // @ts-expect-error productTrials has no access
    const missing = pageTable(licensingRoutes, { title: 'Licenses', pages: { productLicenses: manufacturer } });
    expect(missing.pages.productTrials.access).toBeUndefined();
    const withExtra = () =>
      pageTable(licensingRoutes, {
        title: 'Licenses',
        // @ts-expect-error legacyLicenses is no route of licensing
        pages: { productLicenses: manufacturer, productTrials: manufacturer, legacyLicenses: manufacturer },
      });
    expect(Object.keys(withExtra().pages)).toEqual([
      'productLicenses',
      'productTrials',
      'orders',
      'manufacturerOrders',
      'order',
    ]);
  });
});
