import { Type, type Static } from '@sinclair/typebox';
import { Id, ListQuery, NullableString, Paged, Text, Timestamps } from './common';
import { MANUFACTURER_FIELD_MAX_LENGTHS, MANUFACTURER_NAME_MAX_LENGTH } from './manufacturer-rules';

export const Manufacturer = Type.Object({
  id: Id,
  name: Text(),
  manufacturer_pool_id: Type.Union([Text(), Type.Null()]),
  address: Type.Union([Text(), Type.Null()]),
  phone: Type.Union([Text(), Type.Null()]),
  email: Type.Union([Text(), Type.Null()]),
  vat_id: Type.Union([Text(), Type.Null()]),
  country_code: Type.Union([Text(), Type.Null()]),
  ...Timestamps,
});
export type Manufacturer = Static<typeof Manufacturer>;

export const ManufacturerList = Paged(Manufacturer);

export const ManufacturerListQuery = ListQuery({
  search: Type.Optional(Text({ maxLength: 200, description: 'Part of the name or email, case-insensitive.' })),
});
export type ManufacturerListQuery = Static<typeof ManufacturerListQuery>;

/**
 * The console sends the merged manufacturer object; read-only fields are accepted and ignored, a blank or null
 * optional field clears it. The schema checks shapes and sizes; `manufacturerFieldProblems` checks the rules,
 * so that a person gets a sentence rather than a schema error.
 */
export const ManufacturerPatch = Type.Object(
  {
    name: Type.Optional(Text({ maxLength: MANUFACTURER_NAME_MAX_LENGTH, description: 'Required: may not be blank.' })),
    address: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.address })),
    phone: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.phone })),
    email: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.email })),
    vat_id: Type.Optional(NullableString({ maxLength: MANUFACTURER_FIELD_MAX_LENGTHS.vat_id })),
    country_code: Type.Optional(NullableString({ maxLength: 16 })),
    id: Type.Optional(Type.Integer()),
    manufacturer_pool_id: Type.Optional(Type.Union([Text(), Type.Null()])),
    created_at: Type.Optional(Text()),
    updated_at: Type.Optional(Text()),
  },
  { additionalProperties: false },
);
export type ManufacturerPatch = Static<typeof ManufacturerPatch>;

export * from './manufacturer-rules';
