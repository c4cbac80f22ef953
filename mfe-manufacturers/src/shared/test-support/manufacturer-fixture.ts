import type { Manufacturer } from 'shared-kit';

/** Aurora Audio as the API answers it; `overrides` change single fields. */
export function manufacturerFixture(overrides: Partial<Manufacturer> = {}): Manufacturer {
  return {
    id: 7,
    name: 'Aurora Audio',
    manufacturer_pool_id: 'pool-aurora-eu-1',
    address: 'Klangweg 5\n10115 Berlin',
    phone: '+49 30 1234567',
    email: 'hello@aurora-audio.example',
    vat_id: 'DE811907980',
    country_code: 'DE',
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-03-04T12:30:00.000Z',
    ...overrides,
  };
}
