import { PLAIN_POLICY } from 'shared-kit/contract';
import type { PolicyBody } from 'shared-kit/contract';
import {
  FLOATING_NEEDS_SEATS,
  MAINTENANCE_NEEDS_BOTH,
  NODE_LOCKED_HAS_NO_SEATS,
  PERPETUAL_HAS_NO_DURATION,
  policyProblems,
} from './policy-rules';

const base: PolicyBody = PLAIN_POLICY;

describe('policyProblems', () => {
  it('takes a plain node-locked perpetual policy and a full floating time-limited one', () => {
    expect(policyProblems(base)).toEqual([]);
    expect(
      policyProblems({
        ...base,
        model: 'floating',
        seats: 5,
        lease_minutes: 15,
        max_borrow_days: 7,
        term: 'time-limited',
        duration_days: 365,
        maintenance_months: 12,
        maintenance_from: 'activation',
      }),
    ).toEqual([]);
  });

  it('names every rule a policy breaks', () => {
    expect(policyProblems({ ...base, model: 'floating' })).toEqual([FLOATING_NEEDS_SEATS]);
    expect(policyProblems({ ...base, seats: 3 })).toEqual([NODE_LOCKED_HAS_NO_SEATS]);
    expect(policyProblems({ ...base, duration_days: 30 })).toEqual([PERPETUAL_HAS_NO_DURATION]);
    expect(policyProblems({ ...base, maintenance_months: 12 })).toEqual([MAINTENANCE_NEEDS_BOTH]);
    expect(policyProblems({ ...base, maintenance_from: 'purchase' })).toEqual([MAINTENANCE_NEEDS_BOTH]);
  });
});
