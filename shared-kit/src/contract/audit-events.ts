import { Type, type Static } from '@sinclair/typebox';
import { Id, ListQuery, Paged, Text, Timestamp } from './common';

export * from './audit-summary';

/**
 * Who made a change: a signed-in staff user or superuser, a customer signed in to the portal (an end user), or
 * "client" (a plugin call or an operator command, no console user), or a manufacturer's API key.
 */
export const AuditActor = Type.Union([
  Type.Object({ type: Type.Literal('user'), id: Id, email: Text() }),
  Type.Object({ type: Type.Literal('customer'), id: Id, email: Text() }),
  Type.Object({ type: Type.Literal('client') }),
  Type.Object({ type: Type.Literal('api_key'), id: Id, name: Text(), prefix: Text() }),
]);
export type AuditActor = Static<typeof AuditActor>;

export const AuditFieldChangeSchema = Type.Object({
  field: Text(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  summary: Text(),
});

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  created_at: Timestamp,
  actor: AuditActor,
  action: Text(),
  object: Type.Object({ type: Text(), id: Text() }),
  changes: Type.Array(AuditFieldChangeSchema),
});
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = Paged(AuditEvent);

/** `actor`: a system user's id, or `client` for changes made without a console user. */
export const AuditEventListQuery = ListQuery({
  object_type: Type.Optional(
    Text({ pattern: '^[a-z][a-z_]{0,39}$', description: 'e.g. product, release, license, end_user, manufacturer' }),
  ),
  object_id: Type.Optional(Text({ minLength: 1, maxLength: 40, pattern: '^[0-9]+$' })),
  actor: Type.Optional(Text({ pattern: '^(client|[1-9][0-9]{0,8})$', description: 'A system user id, or client.' })),
  action: Type.Optional(Text({ pattern: '^[a-z][a-z_.]{0,59}$', description: 'e.g. license.disable' })),
  from: Type.Optional(Text({ format: 'date-time', description: 'Events at or after this instant.' })),
  to: Type.Optional(Text({ format: 'date-time', description: 'Events before this instant.' })),
});
export type AuditEventListQuery = Static<typeof AuditEventListQuery>;
