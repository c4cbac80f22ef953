import type { LicenseModel, LicenseTerm, MaintenanceFrom, Policy, PolicyBody } from 'shared-kit';
import type { ContractRules } from 'shared-kit/forms';

/** A policy as typed: numbers stay text until saved; '' is none. */
export interface PolicyFormValues {
  model: LicenseModel;
  seats: string;
  lease_minutes: string;
  max_borrow_days: string;
  term: LicenseTerm;
  duration_days: string;
  grace_days: string;
  /** 'none', 'activation' or 'purchase'. */
  maintenance: MaintenanceFrom | 'none';
  maintenance_months: string;
  /** The edition's id, or '' for none. */
  edition_id: string;
}

/** A type without a policy starts from what it means today: node-locked, perpetual, no maintenance, no edition. */
export const NEW_POLICY_FORM: PolicyFormValues = {
  model: 'node-locked',
  seats: '',
  lease_minutes: '15',
  max_borrow_days: '',
  term: 'perpetual',
  duration_days: '',
  grace_days: '0',
  maintenance: 'none',
  maintenance_months: '12',
  edition_id: '',
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function formOfPolicy(policy: Policy): PolicyFormValues {
  return {
    model: policy.model,
    seats: text(policy.seats),
    lease_minutes: text(policy.lease_minutes),
    max_borrow_days: text(policy.max_borrow_days),
    term: policy.term,
    duration_days: text(policy.duration_days),
    grace_days: String(policy.grace_days),
    maintenance: policy.maintenance_from ?? 'none',
    maintenance_months: text(policy.maintenance_months ?? 12),
    edition_id: text(policy.edition_id),
  };
}

/** A number as typed ('' is none); text that is no whole number is sent as it is, for the check to name. */
const numberOf = (value: string): number | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
};

/** The body the form sends: fields the chosen model, term or maintenance do not use are sent as none. */
export function toPolicyBody(values: PolicyFormValues): PolicyBody {
  const floating = values.model === 'floating';
  const maintained = values.maintenance !== 'none';
  return {
    model: values.model,
    seats: floating ? numberOf(values.seats) : null,
    lease_minutes: floating ? numberOf(values.lease_minutes) : null,
    max_borrow_days: floating ? numberOf(values.max_borrow_days) : null,
    term: values.term,
    duration_days: values.term === 'time-limited' ? numberOf(values.duration_days) : null,
    grace_days: numberOf(values.grace_days) ?? 0,
    maintenance_months: maintained ? numberOf(values.maintenance_months) : null,
    maintenance_from: maintained ? (values.maintenance as MaintenanceFrom) : null,
    edition_id: numberOf(values.edition_id),
  };
}

export const policyFormContract: ContractRules<PolicyFormValues, PolicyBody> = {
  schema: () => import('shared-kit/contract').then((contract) => contract.PolicyBody),
  toBody: toPolicyBody,
  fieldOf: { maintenance_from: 'maintenance' },
  messages: {
    seats: 'Seats must be a whole number from 1 to 100000.',
    lease_minutes: 'Lease minutes must be a whole number from 1 to 10080.',
    max_borrow_days: 'Borrow days must be a whole number from 0 to 365.',
    duration_days: 'Duration must be a whole number of days from 1 to 3660.',
    grace_days: 'Grace must be a whole number of days from 0 to 365.',
    maintenance_months: 'Maintenance must be a whole number of months from 1 to 120.',
  },
  rules: (values: PolicyFormValues) => {
    const problems: Partial<Record<keyof PolicyFormValues, string>> = {};
    if (values.model === 'floating' && values.seats.trim() === '') problems.seats = 'A floating policy needs seats.';
    if (values.model === 'floating' && values.lease_minutes.trim() === '')
      problems.lease_minutes = 'A floating policy needs the lease length.';
    return problems;
  },
};
