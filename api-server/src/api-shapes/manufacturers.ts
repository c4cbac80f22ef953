import type { Manufacturer } from 'shared-kit/contract';
import type { ManufacturerRow } from '../db/schema';
import { withApiTimestamps } from '../db/api-timestamps';

// country_code is char(2): PostgreSQL pads it, so it is answered trimmed.
export const toManufacturer = (row: ManufacturerRow): Manufacturer => ({
  ...withApiTimestamps(row),
  country_code: row.country_code?.trim() ?? null,
});
