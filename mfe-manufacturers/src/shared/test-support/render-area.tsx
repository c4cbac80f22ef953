import type { InitialEntry } from 'react-router';
import { renderPage, type RenderPageOptions } from 'shared-kit/testing';
import ManufacturersRoutes from '../../remote';

/** The area's routes under /Home, as the shell mounts them, opened at the last of `entries`. */
export const renderArea = ({ entries, ...options }: RenderPageOptions & { entries: InitialEntry[] }) =>
  renderPage(<ManufacturersRoutes />, { ...options, url: entries, route: '/Home/*' });
