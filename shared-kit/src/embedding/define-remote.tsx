import { createElement, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { PageRoute, RemoteRoutes } from '../pages/page-table';
import type { RemoteName } from '../remotes';
import { createRemoteMount } from './create-remote-mount';

/** One component per page of the table: a page left out, or one the table does not have, does not compile. */
export type PageComponents<Pages extends Record<string, PageRoute>> = { readonly [Name in keyof Pages]: ComponentType };

/** What a remote's manifest (`src/remote.ts`) gives: the shell loads `Routes` (`./routes`), integrators `mount`. */
export interface RemoteManifest<Remote extends RemoteName = RemoteName> {
  name: Remote;
  /** Its pages' `<Routes>`, relative to /Home in the shell or to the base path where it is mounted. */
  Routes: ComponentType;
  mount: ReturnType<typeof createRemoteMount>;
}

/** A remote's manifest: its routes (shared-kit/pages, `<area>Routes`) bound to the components that render them. */
export function defineRemote<const Pages extends Record<string, PageRoute>, const Remote extends RemoteName>(
  table: RemoteRoutes<Pages, Remote>,
  components: PageComponents<Pages>,
): RemoteManifest<Remote> {
  const routes = Object.entries(table.pages).map(([name, page]) => (
    <Route key={name} path={page.path} element={createElement(components[name])} />
  ));
  function RemoteRoutes() {
    return <Routes>{routes}</Routes>;
  }
  RemoteRoutes.displayName = `${table.remote}Routes`;
  return { name: table.remote, Routes: RemoteRoutes, mount: createRemoteMount(RemoteRoutes) };
}
