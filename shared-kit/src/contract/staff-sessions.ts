import { Type, type Static } from '@sinclair/typebox';
import { Id, NullableString, Timestamp } from './common';

/** A live session of the signed-in staff member ("My sessions"); `current` is the one making the request. */
export const StaffSession = Type.Object({
  id: Id,
  /** The browser's user agent at sign-in (trimmed), null when not recorded. */
  user_agent: NullableString({ maxLength: 256 }),
  /** The client's address at sign-in, null when not recorded. */
  address: NullableString({ maxLength: 64 }),
  signed_in_at: Timestamp,
  /** Recorded at most once a minute. */
  last_used_at: Timestamp,
  current: Type.Boolean(),
});
export type StaffSession = Static<typeof StaffSession>;

export const StaffSessionList = Type.Object({ data: Type.Array(StaffSession) });
export type StaffSessionList = Static<typeof StaffSessionList>;

export const StaffSessionParams = Type.Object({ sessionId: Id });
export type StaffSessionParams = Static<typeof StaffSessionParams>;

/** How many sessions a request ended. */
export const SessionsEnded = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export type SessionsEnded = Static<typeof SessionsEnded>;

export const CURRENT_SESSION_NOT_ENDED =
  'This is the session you are using now. Sign out to end it, or end your other sessions.';
export const SESSION_NOT_FOUND = 'Session not found. It may have ended already.';
