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
export { catalogPages, catalogLinks } from './catalog';
export { licensingPages, licensingLinks } from './licensing';
export { usersPages, usersLinks } from './users';
export { manufacturersPages, manufacturersLinks } from './manufacturers';
export * from './portal';

/** Every console remote's table, by federation name: a remote in remotes.json without one does not compile. */
export const CONSOLE_PAGE_TABLES: { readonly [Name in RemoteName]: PageTable<Record<string, PageSpec>, Name> } = {
  catalog: catalogPages,
  licensing: licensingPages,
  users: usersPages,
  manufacturers: manufacturersPages,
};
