// Owned by the users area (issue: mfe-users): schemas and types of the end-user API. The licensing area reads
// EndUser (transfer target picker); extend, do not rename.
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery, Paged, Timestamp } from './common';

/** An end user of a manufacturer, as lists show it. */
export const EndUser = Type.Object({
  id: Id,
  email: Type.String(),
  external_id: Type.Union([Type.String(), Type.Null()]),
  manufacturer_id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type EndUser = Static<typeof EndUser>;

export const EndUserList = Paged(EndUser);
export type EndUserList = Static<typeof EndUserList>;

export const EndUserListQuery = Type.Composite([PageQuery, Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) })]);
export type EndUserListQuery = Static<typeof EndUserListQuery>;
