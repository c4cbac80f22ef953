import type { Manufacturer } from 'shared-kit';

export const EDITABLE_FIELDS = ['name', 'email', 'address', 'phone', 'vat_id', 'country_code'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The editable fields as the form holds them: text, '' for none. */
export type ManufacturerFormValues = Record<EditableField, string>;

export function formValuesOf(manufacturer: Manufacturer): ManufacturerFormValues {
  return {
    name: manufacturer.name,
    email: manufacturer.email ?? '',
    address: manufacturer.address ?? '',
    phone: manufacturer.phone ?? '',
    vat_id: manufacturer.vat_id ?? '',
    country_code: manufacturer.country_code ?? '',
  };
}

export const hasChanges = (values: ManufacturerFormValues, stored: ManufacturerFormValues): boolean =>
  EDITABLE_FIELDS.some((field) => values[field] !== stored[field]);
