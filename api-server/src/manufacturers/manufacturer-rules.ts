import type { ManufacturerUpdate } from '../db/schema';

/** Empty text means "no value". */
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null;

/** The stored form of the fields given (absent ones stay absent): trimmed, blanks as null, country codes in capitals. */
export function normalizeManufacturerFields(
  fields: Partial<Record<'name' | 'address' | 'phone' | 'email' | 'vat_id' | 'country_code', string | null>>,
) {
  const normalized: ManufacturerUpdate = {};
  if (fields.name !== undefined) normalized.name = fields.name?.trim() ?? '';
  for (const field of ['address', 'phone', 'email', 'vat_id'] as const) {
    const value = blankToNull(fields[field]);
    if (value !== undefined) normalized[field] = value;
  }
  const countryCode = blankToNull(fields.country_code);
  if (countryCode !== undefined) normalized.country_code = countryCode?.toUpperCase() ?? null;
  return normalized;
}
