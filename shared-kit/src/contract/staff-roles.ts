import { Type, type Static } from '@sinclair/typebox';

/**
 * What a manufacturer's staff member may do (docs/staff-access.md "Roles"): owner (everything, including staff),
 * admin, release manager, support and viewer. The Super User has no staff role.
 */
export const STAFF_ROLES = ['owner', 'admin', 'release_manager', 'support', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const StaffRoleSchema = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));

/** The words a person reads for each role. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  release_manager: 'Release manager',
  support: 'Support',
  viewer: 'Viewer',
};

export const NullableStaffRole = Type.Union([StaffRoleSchema, Type.Null()]);
export type NullableStaffRole = Static<typeof NullableStaffRole>;
