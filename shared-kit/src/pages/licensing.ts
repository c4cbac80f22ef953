import { licensingRoutes } from './licensing-routes';
import { pageTable } from './page-table';

const manufacturer = { access: ['manufacturer'] } as const;
// Orders are reached from the manufacturer's page (its Orders section), as API keys and webhooks are: SPEC.md fixes
// the main menu. The superuser reads any manufacturer's orders (support).
const staff = { access: ['superuser', 'manufacturer'] } as const;

/** The licensing pages as the shell reads them: its routes (licensing-routes.ts), who opens them. */
export const licensingPages = pageTable(licensingRoutes, {
  title: 'Licenses',
  section: 'My Products',
  pages: {
    productLicenses: manufacturer,
    productTrials: manufacturer,
    orders: { ...manufacturer, section: 'Manufacturers' },
    manufacturerOrders: { ...staff, section: 'Manufacturers' },
    order: { ...staff, section: 'Manufacturers' },
  },
});
