import { createRemoteMount } from 'shared-kit';
import LicensingRoutes from './routes';

/** For integrators: render this area into any element (see docs/deploying.md). */
export const mount = createRemoteMount(LicensingRoutes);
