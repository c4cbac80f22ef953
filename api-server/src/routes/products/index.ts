import { routeGroup } from '../route-dependencies';
import { productLicenseRoutes } from '../../licenses/routes/products/licenses';
import { trialRoutes } from '../../licenses/routes/products/trials';

/** /products/{id}/licenses and /products/{id}/trials: a product's licences and trials. */
export const productsRoutes = routeGroup(productLicenseRoutes, trialRoutes);
