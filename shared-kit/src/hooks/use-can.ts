import type { MouseEvent } from 'react';
import type { StaffAction } from '../contract/staff-permissions';
import type { StaffRole } from '../contract/staff-roles';
import { roleCannot, roleMay } from '../contract/staff-permissions';
import { useSession } from '../services/shell-services';

/** What a button or link a role cannot use carries: still focusable, so its reason is reached by keyboard too. */
export interface LockedControl {
  'aria-disabled'?: true;
  title?: string;
  onClickCapture?: (event: MouseEvent) => void;
}

export interface Permission {
  allowed: boolean;
  /** Why not, in the server's words (its 403 says the same), or undefined when allowed. */
  reason: string | undefined;
  /** Spread on the Button or ButtonLink the action starts: nothing when allowed, else disabled with the reason. */
  lock: LockedControl;
}

const ALLOWED: Permission = { allowed: true, reason: undefined, lock: {} };

// A click on a locked control does nothing: not its handler, not a link's navigation, not a form's submit.
const swallow = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * May the signed-in staff member do this action of the permission table (docs/staff-access.md, "Roles")? The
 * Super User and a session that names no role are not held back here: the server decides for them.
 */
export function useCan(action: StaffAction): Permission {
  const role = useSession()?.staff_role ?? null;
  if (role === null || roleMay(role, action)) return ALLOWED;
  return refusalOf(role, action);
}

/** A control locked for a reason of its own (a rule about the record, beyond the role): disabled, saying why. */
export const lockedControl = (reason: string): LockedControl => ({
  'aria-disabled': true,
  title: reason,
  onClickCapture: swallow,
});

// One answer per role and action, so a refusal is the same object on every render (a memoised column list keeps).
const refusals = new Map<string, Permission>();
function refusalOf(role: StaffRole, action: StaffAction): Permission {
  const key = `${role} ${action}`;
  let refusal = refusals.get(key);
  if (!refusal) {
    const reason = roleCannot(role, action);
    refusal = { allowed: false, reason, lock: lockedControl(reason) };
    refusals.set(key, refusal);
  }
  return refusal;
}
