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
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) }),
]);
export type ManufacturerListQuery = Static<typeof ManufacturerListQuery>;

/** The console sends the merged manufacturer object; read-only fields are accepted and ignored. */
export const ManufacturerPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    address: Type.Optional(NullableString({ maxLength: 1000 })),
    phone: Type.Optional(NullableString({ maxLength: 50 })),
    email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 320 }), Type.Null()])),
    vat_id: Type.Optional(NullableString({ maxLength: 50 })),
    country_code: Type.Optional(
      Type.Union([Type.Literal(''), Type.String({ pattern: `^[A-Za-z]{${COUNTRY_CODE_MAX_LENGTH}}$` }), Type.Null()]),
    ),
    id: Type.Optional(Type.Integer()),
    manufacturer_pool_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ManufacturerPatch = Static<typeof ManufacturerPatch>;
