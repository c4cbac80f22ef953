import type { PolicyBody } from 'shared-kit/contract';

export const FLOATING_NEEDS_SEATS = 'A floating policy needs seats and lease_minutes.';
export const NODE_LOCKED_HAS_NO_SEATS =
  'seats, lease_minutes and max_borrow_days belong to a floating policy: a node-locked one is held to the product’s machine limit.';
export const PERPETUAL_HAS_NO_DURATION = 'A perpetual policy has no duration_days.';
export const MAINTENANCE_NEEDS_BOTH =
  'A maintenance window needs both maintenance_months and maintenance_from (or neither).';

/** What a policy body asks that cannot be, across its fields (the schema checks each field alone). */
export function policyProblems(policy: PolicyBody): string[] {
  const problems: string[] = [];
  if (policy.model === 'floating' && (policy.seats === null || policy.lease_minutes === null))
    problems.push(FLOATING_NEEDS_SEATS);
  if (
    policy.model === 'node-locked' &&
    (policy.seats !== null || policy.lease_minutes !== null || policy.max_borrow_days !== null)
  )
    problems.push(NODE_LOCKED_HAS_NO_SEATS);
  if (policy.term === 'perpetual' && policy.duration_days !== null) problems.push(PERPETUAL_HAS_NO_DURATION);
  if ((policy.maintenance_months === null) !== (policy.maintenance_from === null))
    problems.push(MAINTENANCE_NEEDS_BOTH);
  return problems;
}

/** History's words for an edition upgrade (the audit row records both names). */
export const editionChangeAudit = (from: string | null, to: string) => ({ previous_edition: from, edition: to });
