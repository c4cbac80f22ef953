import { licensingRoutes } from './licensing-routes';
import { pageTable } from './page-table';

const manufacturer = { access: ['manufacturer'] } as const;

/** The licensing pages as the shell reads them: its routes (licensing-routes.ts), who opens them. */
export const licensingPages = pageTable(licensingRoutes, {
  title: 'Licenses',
  section: 'My Products',
  pages: { productLicenses: manufacturer, productTrials: manufacturer },
});
