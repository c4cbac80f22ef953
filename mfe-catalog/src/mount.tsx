import { createRemoteMount } from 'shared-kit';
import CatalogRoutes from './routes';

/** For integrators: render this area into any element (see docs/deploying.md). */
export const mount = createRemoteMount(CatalogRoutes);
