import { Type, type Static } from '@sinclair/typebox';

export const STAFF_ROLES = ['owner', 'admin', 'release_manager', 'support', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = Type.Union(STAFF_ROLES.map((role) => Type.Literal(role)));
export type StaffRoleSchema = Static<typeof StaffRoleSchema>;
