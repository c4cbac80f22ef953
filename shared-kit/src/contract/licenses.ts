// Owned by the licensing area (issue: mfe-licensing): schemas and types of the licence API. The users area
// creates licences with CreateUserLicenseBody; extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { DISABLE_REASONS, LICENSE_TYPES } from '../constants';
import { Id, PageQuery, Paged, Timestamp } from './common';

export const LicenseTypeSchema = Type.Union(LICENSE_TYPES.map((type) => Type.Literal(type)));
export const DisableReasonSchema = Type.Union(DISABLE_REASONS.map((reason) => Type.Literal(reason)));

/** A licence as SPEC §3 shapes it. */
export const License = Type.Object({
  id: Id,
  serial: Type.String(),
  license_type: LicenseTypeSchema,
  disabled: Type.Boolean(),
  disabled_reason: Type.Union([DisableReasonSchema, Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
  user_id: Id,
  user: Type.Object({ email: Type.String() }),
  product_id: Id,
  product: Type.Object({
    id: Id,
    name: Type.String(),
    identifier: Type.Union([Type.String(), Type.Null()]),
    series: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type License = Static<typeof License>;

export const LicenseList = Paged(License);
export type LicenseList = Static<typeof LicenseList>;

export const LicenseListQuery = Type.Composite([PageQuery, Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) })]);
export type LicenseListQuery = Static<typeof LicenseListQuery>;

/** POST /users/{id}/licenses */
export const CreateUserLicenseBody = Type.Object({ product_id: Id, license_type: LicenseTypeSchema }, { additionalProperties: false });
export type CreateUserLicenseBody = Static<typeof CreateUserLicenseBody>;
