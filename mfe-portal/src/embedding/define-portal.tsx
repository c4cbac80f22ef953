import { createElement, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { type PortalPageSpec, type PortalPageTable } from 'shared-kit/pages';
import type { CustomerRemoteName } from 'shared-kit/remotes';
import { createPortalMount } from './create-portal-mount';
import { NotFoundPage } from '../shared/components/NotFoundPage';
import { PortalFrame, type PortalFrameProps } from '../shared/components/PortalFrame';
import { RequireCustomer } from '../shared/components/RequireCustomer';

/** One component per page of the table: a page left out, or one the table does not have, does not compile. */
export type PortalPageComponents<Pages extends Record<string, PortalPageSpec>> = {
  readonly [Name in keyof Pages]: ComponentType;
};

/** What the portal's manifest (`src/remote.ts`) gives: its routes and the `mount` vendors call (`./mount`). */
export interface PortalManifest {
  name: CustomerRemoteName;
  /** Its pages' `<Routes>` in the portal's frame, relative to where it is mounted. */
  Routes: ComponentType<PortalFrameProps>;
  mount: ReturnType<typeof createPortalMount>;
}

/** The portal's manifest: its table of pages (shared-kit/pages) bound to the components that render them. */
export function definePortal<const Pages extends Record<string, PortalPageSpec>>(
  table: PortalPageTable<Pages>,
  components: PortalPageComponents<Pages>,
): PortalManifest {
  const routesOf = (customer: boolean) =>
    Object.entries(table.pages)
      .filter(([, page]) => page.customer === customer)
      .map(([name, page]) => <Route key={name} path={page.path} element={createElement(components[name])} />);
  const open = routesOf(false);
  const customers = routesOf(true);
  const home = table.pages[table.home].path;
  function PortalRoutes(frame: PortalFrameProps) {
    return (
      <Routes>
        <Route element={<PortalFrame {...frame} />}>
          <Route index element={<Navigate to={home} replace />} />
          {open}
          <Route element={<RequireCustomer />}>{customers}</Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    );
  }
  return { name: table.remote, Routes: PortalRoutes, mount: createPortalMount(PortalRoutes) };
}
