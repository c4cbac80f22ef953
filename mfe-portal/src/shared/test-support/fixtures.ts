import type { PortalDescriptor, PortalLicense, PortalMachine, PortalSession, PortalTrial } from 'shared-kit';

// The portal's domain data for its page tests (the fake API answers with these).

export const SLUG = 'aurora-audio';

export const descriptor: PortalDescriptor = {
  slug: SLUG,
  manufacturer_name: 'Aurora Audio',
  logo_url: null,
  brand_color: '#6b2fb3',
  enabled: true,
};

export const customerSession: PortalSession = {
  token: 'customer-token',
  expires_at: '2026-03-05T10:00:00.000Z',
  idle_timeout_minutes: 30,
  user: { id: 7, email: 'ada@example.com', manufacturer: { id: 1, name: 'Aurora Audio', slug: SLUG } },
};

/** A machine of a licence; unnamed unless the overrides name it. */
export function makeMachine(overrides: Partial<PortalMachine> = {}): PortalMachine {
  return {
    id: 21,
    name: null,
    hardware_fingerprint: 'fp-9f2c',
    activated_at: '2026-01-02T09:30:00.000Z',
    last_seen_at: '2026-02-03T18:00:00.000Z',
    ...overrides,
  };
}

export function makeLicense(overrides: Partial<PortalLicense> = {}): PortalLicense {
  return {
    id: 11,
    serial: 'ABCDE-FGHJK-MNPQR-STVWX',
    license_type: 'Standard',
    state: 'active',
    disabled_reason: null,
    product: { id: 3, name: 'Aurora Reverb', identifier: 'com.aurora.reverb' },
    machines_in_use: 1,
    machine_limit: 3,
    machines: [makeMachine()],
    created_at: '2026-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeTrial(overrides: Partial<PortalTrial> = {}): PortalTrial {
  return {
    id: 31,
    product: { id: 4, name: 'Aurora Delay' },
    machine: { name: 'Studio Mac', hardware_fingerprint: 'fp-1a2b' },
    started_at: '2026-02-01T08:00:00.000Z',
    ends_at: '2026-02-15T08:00:00.000Z',
    running: true,
    ...overrides,
  };
}
