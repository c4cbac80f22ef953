import { Type, type Static } from '@sinclair/typebox';
import { ACCESS_LEVELS } from '../constants';
import { Id } from './common';

export const AccessLevelSchema = Type.Union(ACCESS_LEVELS.map((level) => Type.Literal(level)));

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ManufacturerRef = Type.Object({ id: Id, name: Type.String() });
export type ManufacturerRef = Static<typeof ManufacturerRef>;

export const LoginResponse = Type.Object({
  token: Type.String(),
  access_level: AccessLevelSchema,
  manufacturer: Type.Union([ManufacturerRef, Type.Null()]),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** The signed-in system user: the shell's start-up "test call". */
export const CurrentUser = Type.Object({
  id: Id,
  email: Type.String(),
  access_level: AccessLevelSchema,
  manufacturer: Type.Union([ManufacturerRef, Type.Null()]),
});
export type CurrentUser = Static<typeof CurrentUser>;
