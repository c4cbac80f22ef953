// Each console remote's pages and links (`shared-kit/pages`): pure data, imported by the shell (router, navigation)
// before any remote loads and by the remotes (their manifests, their links into each other). Its own entry, not the
// kit's shared module, so neither the shell's sign-in nor a remote carries the tables it does not use.
import type { RemoteName } from '../remotes';
import { catalogPages } from './catalog';
import { licensingPages } from './licensing';
import { manufacturersPages } from './manufacturers';
import type { PageSpec, PageTable } from './page-table';
import { usersPages } from './users';

export * from './page-table';
// The routes and links apart from the tables: a remote bundles its own routes and the links it follows, not what only
// the shell reads (who opens a page, the menu, the titles); a link travels with the page that follows it.
export { catalogRoutes } from './catalog-routes';
export { catalogLinks } from './catalog-links';
export { licensingRoutes } from './licensing-routes';
export { licensingLinks } from './licensing-links';
export { usersRoutes } from './users-routes';
export { usersLinks } from './users-links';
export { manufacturersRoutes } from './manufacturers-routes';
export { manufacturersLinks } from './manufacturers-links';
export { catalogPages } from './catalog';
export { licensingPages } from './licensing';
export { usersPages } from './users';
export { manufacturersPages } from './manufacturers';
export * from './portal';

/** Every console remote's table, by federation name: a remote in remotes.json without one does not compile. */
export const CONSOLE_PAGE_TABLES: { readonly [Name in RemoteName]: PageTable<Record<string, PageSpec>, Name> } = {
  catalog: catalogPages,
  licensing: licensingPages,
  users: usersPages,
  manufacturers: manufacturersPages,
};
