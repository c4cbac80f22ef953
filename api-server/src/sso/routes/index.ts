import { routeGroup } from '../../lib/route-dependencies';
import { ssoSettingsRoutes } from './settings';
import { ssoSignInRoutes } from './sign-in';

/** /manufacturers/{id}/sso (owners' settings), /sso/{manufacturer}/start and /sso/callback (the sign-in). */
export const ssoRoutes = routeGroup(ssoSettingsRoutes, ssoSignInRoutes);
