import { routeGroup } from '../route-dependencies';
import { userLicenseRoutes } from '../../licenses/routes/users/licenses';

/** /users/{id}/licenses: an end user's licences. */
export const usersRoutes = routeGroup(userLicenseRoutes);
