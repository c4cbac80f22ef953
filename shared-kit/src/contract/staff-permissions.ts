import type { ApiKeyScope } from './api-keys';
import type { StaffRole } from './staff-roles';

/**
 * The one permission table (docs/staff-access.md, "Roles"): what a manufacturer's staff member may do, by role.
 * The server checks it on every staff route (api-server/src/auth/staff-route-actions.ts says which action each
 * route is); the console disables what the signed-in role cannot use (`useCan`). The Super User is outside it.
 */
export const STAFF_ACTIONS = [
  'read',
  'catalog.write',
  'builds.write',
  'releases.write',
  'users.write',
  'licenses.write',
  'licenses.issue',
  'machines.free',
  'orders.write',
  'keys.manage',
  'webhooks.manage',
  'settings.manage',
  'staff.manage',
  'staff.access',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Each action: what it lets a role do (the docs' table) and what the refusal says a role cannot do. */
export const STAFF_ACTION_WORDS: Record<StaffAction, { allows: string; refusal: string }> = {
  read: { allows: 'See and export the catalogue, users, licences, orders and History', refusal: 'see this' },
  'catalog.write': {
    allows: 'Create and edit products, features, editions and licence policies',
    refusal: 'create or edit products, features, editions or licence policies',
  },
  'builds.write': { allows: 'Upload and confirm builds', refusal: 'upload or confirm builds' },
  'releases.write': {
    allows: 'Create and edit releases, put them in channels',
    refusal: 'create or edit releases or their channels',
  },
  'users.write': {
    allows: 'Create, edit and import end users, their channels, send portal sign-in links',
    refusal: 'create, edit or import end users',
  },
  'licenses.write': {
    allows: 'Enable, disable and transfer licences, download licence files, remove trials',
    refusal: 'enable, disable or transfer licences',
  },
  'licenses.issue': {
    allows: 'Issue licences, change their edition, renew them, make and void serial batches',
    refusal: 'issue licences, change their terms or make serial batches',
  },
  'machines.free': { allows: 'Free machines and floating seats', refusal: 'free machines or seats' },
  'orders.write': { allows: 'Create and refund orders', refusal: 'create or refund orders' },
  'keys.manage': { allows: 'See, create and revoke API keys', refusal: 'manage API keys' },
  'webhooks.manage': { allows: 'See and change webhook endpoints', refusal: 'see or change webhooks' },
  'settings.manage': {
    allows: 'Manufacturer details, portal, mail, buyer mails and store settings; the mail log',
    refusal: 'see or change settings',
  },
  'staff.manage': {
    allows: 'Invite staff; change, disable, enable and remove staff who are not owners',
    refusal: 'manage staff',
  },
  'staff.access': {
    allows: 'Make and manage owners; single sign-on and the two-factor requirement',
    refusal: 'manage owners, single sign-on or the two-factor requirement',
  },
};

/**
 * The action of the table each API key scope stands for (docs/selling.md, "API keys"). A key reaches the routes of
 * its scopes' actions, less the few the server keeps from every key (api-server/src/auth/api-key-scopes.ts). The
 * scopes keep their own names on the wire and in the console, so keys made before this table work as they did.
 */
export const API_KEY_SCOPE_ACTIONS: Record<ApiKeyScope, StaffAction> = {
  read: 'read',
  'builds:upload': 'builds.write',
  'orders:write': 'orders.write',
};

const EVERY_ACTION = STAFF_ACTIONS;

/** Action → the roles allowed. Admins do everything but manage owners and how staff sign in (owners hold that). */
export const STAFF_PERMISSIONS: Record<StaffRole, readonly StaffAction[]> = {
  owner: EVERY_ACTION,
  admin: EVERY_ACTION.filter((action) => action !== 'staff.access'),
  release_manager: ['read', 'builds.write', 'releases.write'],
  support: ['read', 'users.write', 'licenses.write', 'machines.free'],
  viewer: ['read'],
};

/**
 * The roles' names (staff-roles.ts's `STAFF_ROLE_LABELS`, which a test holds equal): written here again because
 * that module builds TypeBox schemas, which the console's start-up must not load with this table.
 */
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  release_manager: 'Release manager',
  support: 'Support',
  viewer: 'Viewer',
};

/** True when a staff member of this role may do the action. */
export function roleMay(role: StaffRole, action: StaffAction): boolean {
  return STAFF_PERMISSIONS[role].includes(action);
}

/**
 * What only an owner (or the Super User) does to the staff, beyond the table's routes: the staff routes an admin may
 * call refuse, with these words, anything that makes an owner or touches one.
 */
export const OWNER_ONLY = {
  inviteOwner: 'Only an owner can invite an owner.',
  makeOwner: 'Only an owner can make a staff member an owner.',
  manageOwner: "Only an owner can manage an owner's account.",
  withdrawOwnerInvite: 'Only an owner can withdraw an invite to be an owner.',
} as const;

/** The plain reason a role cannot do an action: the server's 403 message and the console's disabled reason. */
export function roleCannot(role: StaffRole, action: StaffAction): string {
  return `Your role (${STAFF_ROLE_NAMES[role]}) cannot ${STAFF_ACTION_WORDS[action].refusal}.`;
}
