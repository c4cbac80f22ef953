import { routeGroup } from '../../lib/route-dependencies';
import { channelMembershipRoutes } from './manufacturers/channel-memberships';
import { endUserRoutes } from './users/end-users';
import { userExportRoutes } from './users/export';
import { userImportRoutes } from './users/imports';

/**
 * People: /users/… (end users, their CSV export and import) and a channel's members. The system users' sign-in
 * (`routes/systemusers/`) takes its own options and is registered by the app.
 */
export const peopleRoutes = routeGroup(endUserRoutes, userExportRoutes, userImportRoutes, channelMembershipRoutes);
