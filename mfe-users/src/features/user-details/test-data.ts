import type { DistributionChannel, EndUserDetails } from 'shared-kit';

export const RELEASE: DistributionChannel = { id: 11, type: 'Release', name: 'Release' };
export const BETA: DistributionChannel = { id: 12, type: 'Beta', name: 'Beta testers' };

export function userDetails(overrides: Partial<EndUserDetails> = {}): EndUserDetails {
  return {
    id: 1,
    email: 'ada@listener.example',
    external_id: 'crm-1',
    manufacturer_id: 7,
    manufacturer: { id: 7 },
    created_at: '2026-01-02T09:00:00Z',
    updated_at: '2026-01-02T09:00:00Z',
    fingerprints: [
      { id: 100, hardware_fingerprint: 'HW-AAAA-1111', created_at: '2026-02-03T10:00:00Z' },
      { id: 101, hardware_fingerprint: 'HW-BBBB-2222', created_at: '2026-02-04T10:00:00Z' },
    ],
    channel_memberships: [{ created_at: '2026-01-02T09:00:00Z', channel: RELEASE }],
    license_transfers_sent: [
      {
        id: 500,
        created_at: '2026-03-01T12:00:00Z',
        to_user: { id: 2, email: 'grace@listener.example' },
        license: { id: 900, serial: 'AAAAA-BBBBB-CCCCC-DDDDD', product: { id: 3, name: 'Aurora Reverb' } },
      },
    ],
    license_transfers_received: [],
    ...overrides,
  };
}
