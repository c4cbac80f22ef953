import type { SsoGroupRole, StaffRole } from 'shared-kit/contract';

/** The email's domain, lower case, if it is one of the allowed ones (exact domain; no sub-domains). */
export function emailInAllowedDomains(email: string, allowedDomains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}

/** The groups a claim holds: a list of strings or one string; anything else holds none. */
export function groupsOf(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string');
  return [];
}

/**
 * The role the groups give: the mapping's first row whose group the member is in (the order an owner gives them, so
 * put the strongest first), else the default role, else none (the sign-in is refused).
 */
export function roleOfGroups(
  groups: readonly string[],
  mapping: readonly SsoGroupRole[],
  defaultRole: StaffRole | null,
): StaffRole | null {
  const held = new Set(groups);
  return mapping.find((row) => held.has(row.group))?.role ?? defaultRole;
}
