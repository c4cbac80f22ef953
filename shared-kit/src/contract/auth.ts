import { Type, type Static } from '@sinclair/typebox';
import { ACCESS_LEVELS } from '../constants';
import { Id, Text } from './common';
import { NullableStaffRole } from './staff-roles';
import { SecondFactorNeeded } from './two-factor';

export const AccessLevelSchema = Type.Union(ACCESS_LEVELS.map((level) => Type.Literal(level)));

/**
 * A new system-user password (OWASP ASVS 5.0 6.2): length is the rule, with no composition rules; the server
 * also refuses the most common breached passwords. Counted in characters (code points), not UTF-16 units.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export function passwordLengthProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `The password may be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  return null;
}

export const LoginBody = Type.Object(
  {
    email: Text({ minLength: 1, maxLength: 320 }),
    password: Text({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ManufacturerRef = Type.Object({ id: Id, name: Text() });
export type ManufacturerRef = Static<typeof ManufacturerRef>;

export const LoginResponse = Type.Object({
  token: Text(),
  access_level: AccessLevelSchema,
  manufacturer: Type.Union([ManufacturerRef, Type.Null()]),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** The password step: signed in, or (where a factor is enrolled) a second factor needed (two-factor.ts). */
export const LoginAnswer = Type.Union([LoginResponse, SecondFactorNeeded]);
export type LoginAnswer = Static<typeof LoginAnswer>;

/** The signed-in system user: the shell's start-up "test call". */
export const CurrentUser = Type.Object({
  id: Id,
  email: Text(),
  access_level: AccessLevelSchema,
  manufacturer: Type.Union([ManufacturerRef, Type.Null()]),
  /** The staff member's role within their manufacturer; null for the Super User. */
  staff_role: NullableStaffRole,
});
export type CurrentUser = Static<typeof CurrentUser>;
