import { routeGroup } from '../../lib/route-dependencies';
import { licenseRoutes } from './licenses';
import { licenseMachineRoutes } from './machines';
import { productLicenseRoutes } from './products/licenses';
import { trialRoutes } from './products/trials';
import { userLicenseRoutes } from './users/licenses';

/**
 * /licenses/… (bulk updates, a licence's state and transfer, activations, its machines), /products/{id}/licenses,
 * /products/{id}/trials and /users/{id}/licenses.
 */
export const licensesRoutes = routeGroup(
  licenseRoutes,
  licenseMachineRoutes,
  productLicenseRoutes,
  trialRoutes,
  userLicenseRoutes,
);
