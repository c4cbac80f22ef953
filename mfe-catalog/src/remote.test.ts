import type { ComponentType } from 'react';
import { defineRemote } from 'shared-kit';
import { catalogRoutes } from 'shared-kit/pages';
import CatalogRoutes, { mount, remote } from './remote';

const Page: ComponentType = () => null;
const everyPage = Object.fromEntries(Object.keys(catalogRoutes.pages).map((name) => [name, Page])) as Record<
  keyof typeof catalogRoutes.pages,
  ComponentType
>;

describe('the catalog manifest', () => {
  it('is the catalog remote, its routes the default export (./routes) and its mount a function (./mount)', () => {
    expect(remote.name).toBe('catalog');
    expect(CatalogRoutes).toBe(remote.Routes);
    expect(typeof mount).toBe('function');
  });

  it('needs one component per page of the table: a page left out, or one too many, does not compile', () => {
    const { updateRelease: _leftOut, ...withoutOne } = everyPage;
    // @ts-expect-error updateRelease has no component
    expect(() => defineRemote(catalogRoutes, withoutOne)).not.toThrow();
    // @ts-expect-error a component for a page the table does not have
    expect(() => defineRemote(catalogRoutes, { ...everyPage, legacyProducts: Page })).not.toThrow();
    expect(defineRemote(catalogRoutes, everyPage).name).toBe('catalog');
  });
});
