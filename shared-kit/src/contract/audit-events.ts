import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery, Paged, Timestamp } from './common';

export * from './audit-summary';

/** Who made a change: a signed-in staff user or superuser, or "client" (a plugin call or an operator command, no console user). */
export const AuditActor = Type.Union([
  Type.Object({ type: Type.Literal('user'), id: Id, email: Type.String() }),
  Type.Object({ type: Type.Literal('client') }),
]);
export type AuditActor = Static<typeof AuditActor>;

export const AuditFieldChangeSchema = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  summary: Type.String(),
});

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  created_at: Timestamp,
  actor: AuditActor,
  action: Type.String(),
  object: Type.Object({ type: Type.String(), id: Type.String() }),
  changes: Type.Array(AuditFieldChangeSchema),
});
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = Paged(AuditEvent);
export type AuditEventList = Static<typeof AuditEventList>;

/** `actor`: a system user's id, or `client` for changes made without a console user. */
export const AuditEventListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    object_type: Type.Optional(Type.String({ pattern: '^[a-z][a-z_]{0,39}$', description: 'e.g. product, release, license, end_user, manufacturer' })),
    object_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+$' })),
    actor: Type.Optional(Type.String({ pattern: '^(client|[1-9][0-9]{0,8})$', description: 'A system user id, or client.' })),
    action: Type.Optional(Type.String({ pattern: '^[a-z][a-z_.]{0,59}$', description: 'e.g. license.disable' })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Events at or after this instant.' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Events before this instant.' })),
  }),
]);
export type AuditEventListQuery = Static<typeof AuditEventListQuery>;
