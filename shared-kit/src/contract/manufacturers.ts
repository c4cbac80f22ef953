import { Type, type Static } from '@sinclair/typebox';
import { COUNTRY_CODE_MAX_LENGTH } from '../constants';
import { Id, NullableString, PageQuery, Paged, Timestamp } from './common';

export const Manufacturer = Type.Object({
  id: Id,
  name: Type.String(),
  manufacturer_pool_id: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  vat_id: Type.Union([Type.String(), Type.Null()]),
  country_code: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Manufacturer = Static<typeof Manufacturer>;

export const ManufacturerList = Paged(Manufacturer);

export const ManufacturerListQuery = Type.Composite([
  PageQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name or email, case-insensitive.' })) }),
]);
export type ManufacturerListQuery = Static<typeof ManufacturerListQuery>;

export const MANUFACTURER_NAME_MAX_LENGTH = 200;
export const MANUFACTURER_FIELD_MAX_LENGTHS = { address: 1000, phone: 50, email: 320, vat_id: 50 } as const;

/**
 * The console sends the merged manufacturer object; read-only fields are accepted and ignored, a blank or null
 * optional field clears it. The schema checks shapes and sizes; `manufacturerFieldProblems` checks the rules,
 * so that a person gets a sentence rather than a schema error.
 */
export const ManufacturerPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: MANUFACTURER_NAME_MAX_LENGTH, description: 'Required: may not be blank.' })),
    address: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.address })),
    phone: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.phone })),
    email: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.email })),
    vat_id: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.vat_id })),
    country_code: Type.Optional(NullableString({ maxLength: 16 })),
    id: Type.Optional(Type.Integer()),
    manufacturer_pool_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ManufacturerPatch = Static<typeof ManufacturerPatch>;

// The rules of a manufacturer's editable fields, shared by the server and the details form.
export const MANUFACTURER_NAME_REQUIRED = 'Name is required.';
export const MANUFACTURER_EMAIL_INVALID = 'Email must be a valid email address, e.g. info@example.com.';
export const MANUFACTURER_COUNTRY_CODE_INVALID = `Country Code must be ${COUNTRY_CODE_MAX_LENGTH} letters, e.g. US, DE, UK.`;

// The "email" format of Ajv (and of most mail software): local part, @, dotted host name.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const COUNTRY_CODE_PATTERN = new RegExp(`^[A-Za-z]{${COUNTRY_CODE_MAX_LENGTH}}$`);

export type ManufacturerRuleField = 'name' | 'email' | 'country_code';
export type ManufacturerFieldProblems = Partial<Record<ManufacturerRuleField, string>>;

/** What is wrong with the fields present in `fields` (absent fields are not being changed). */
export function manufacturerFieldProblems(fields: Partial<Record<ManufacturerRuleField, string | null>>): ManufacturerFieldProblems {
  const problems: ManufacturerFieldProblems = {};
  if (fields.name !== undefined && !fields.name?.trim()) problems.name = MANUFACTURER_NAME_REQUIRED;
  const email = fields.email?.trim();
  if (email && !EMAIL_PATTERN.test(email)) problems.email = MANUFACTURER_EMAIL_INVALID;
  const countryCode = fields.country_code?.trim();
  if (countryCode && !COUNTRY_CODE_PATTERN.test(countryCode)) problems.country_code = MANUFACTURER_COUNTRY_CODE_INVALID;
  return problems;
}
