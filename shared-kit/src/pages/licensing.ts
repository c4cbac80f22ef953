import { licensingRoutes } from './licensing-routes';
import { pageTable } from './page-table';

const manufacturer = { access: ['manufacturer'] } as const;
// The superuser reads any manufacturer's orders (support), reached from the manufacturer's page.
const staff = { access: ['superuser', 'manufacturer'] } as const;

/** The licensing pages as the shell reads them: its routes (licensing-routes.ts), who opens them. */
export const licensingPages = pageTable(licensingRoutes, {
  title: 'Licenses',
  section: 'My Products',
  pages: {
    productLicenses: manufacturer,
    productTrials: manufacturer,
    orders: { ...manufacturer, nav: { label: 'Orders', audience: 'manufacturer' }, section: 'Orders' },
    manufacturerOrders: { ...staff, section: 'Manufacturers' },
    order: { ...staff, section: 'Orders' },
  },
});
