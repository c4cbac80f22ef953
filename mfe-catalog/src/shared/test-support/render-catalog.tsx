import { SaveNoticeProvider, type AuthSession } from 'shared-kit';
import { renderPage, type FakeApiServer } from 'shared-kit/testing';
import CatalogRoutes from '../../remote';

/**
 * The catalog's routes under /Home, as the shell mounts them (with its save confirmations), opened at `url`; signed in
 * as `session` where a test gives one.
 */
export const renderCatalog = (url: string, server: FakeApiServer, session?: AuthSession) =>
  renderPage(<CatalogRoutes />, { url, route: '/Home/*', server, wrapper: SaveNoticeProvider, session });
