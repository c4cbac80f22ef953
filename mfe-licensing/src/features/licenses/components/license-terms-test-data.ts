import type { Edition, LicenseTerms, Policy } from 'shared-kit';

// The terms fixtures the Change edition and Renew tests share: Aurora Reverb sold as Standard and Pro.

export const standard: Edition = {
  id: 4,
  product_id: 1,
  name: 'Standard',
  features: ['stems'],
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
};
export const pro: Edition = { ...standard, id: 5, name: 'Pro', features: ['stems', 'surround'] };

export const standardTerms: LicenseTerms = {
  license_id: 1,
  edition: { id: standard.id, name: standard.name, features: standard.features },
  expires_at: '2027-03-01T00:00:00.000Z',
  grace_days: 14,
  expired: false,
  maintenance_months: null,
  maintenance_ends_at: null,
};

/** The Standard type's policy: a year, 14 days' grace, the Standard edition. */
export const yearPolicy: Policy = {
  product_id: 1,
  license_type: 'Standard',
  model: 'node-locked',
  seats: null,
  lease_minutes: null,
  max_borrow_days: null,
  term: 'time-limited',
  duration_days: 365,
  grace_days: 14,
  maintenance_months: null,
  maintenance_from: null,
  edition_id: standard.id,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
};
