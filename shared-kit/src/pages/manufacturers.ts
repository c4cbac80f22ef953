import { manufacturersRoutes } from './manufacturers-routes';
import { pageTable } from './page-table';

// The manufacturer pages decide themselves who may see which manufacturer ('Access denied. Superuser privileges
// required.', docs/console.md), so the console lets both levels open them.
const staff = { access: ['superuser', 'manufacturer'] } as const;

/** The manufacturers pages as the shell reads them: its routes (manufacturers-routes.ts), who opens them, its menu item. */
export const manufacturersPages = pageTable(manufacturersRoutes, {
  title: 'Manufacturers',
  section: 'Manufacturers',
  pages: {
    manufacturers: { ...staff, nav: { label: 'Manufacturers', audience: 'superuser' } },
    manufacturerDetails: staff,
    webhookDeliveries: staff,
    emails: staff,
    email: staff,
    apiKeys: staff,
    createManufacturer: staff,
    // Reached from the profile menu, not the main menu.
    myDetails: { ...staff, section: null },
  },
});
