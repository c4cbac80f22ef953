import { createRemoteMount } from 'shared-kit';
import ManufacturersRoutes from './routes';

/** For integrators: render this area into any element (see docs/deploying.md). */
export const mount = createRemoteMount(ManufacturersRoutes);
