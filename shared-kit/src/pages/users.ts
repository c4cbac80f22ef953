import { pageTable } from './page-table';
import { usersRoutes } from './users-routes';

const manufacturer = { access: ['manufacturer'] } as const;

/** The users pages as the shell reads them: its routes (users-routes.ts), who opens them, its menu item. */
export const usersPages = pageTable(usersRoutes, {
  title: 'Users',
  section: 'Users',
  pages: {
    users: { ...manufacturer, nav: { label: 'Users', audience: 'manufacturer' } },
    importUsers: manufacturer,
    createUser: manufacturer,
    editUser: manufacturer,
    userDetails: manufacturer,
    createUserLicense: manufacturer,
  },
});
