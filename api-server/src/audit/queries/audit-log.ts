import type { Db } from '../../db/database';
import type { AuditActor } from '../../auth/actor';

export interface AuditEntry {
  manufacturerId: number | null;
  action: string;
  entityType: string;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
}

/** Who changed what, when, before and after: written in the same transaction as the change. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/** Several changes by one actor, in one statement (an order's thousand licences cost one round trip). */
export async function recordAudits(db: Db, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        manufacturer_id: entry.manufacturerId,
        ...auditActorColumns(actor),
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: String(entry.entityId),
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

/** The audit row's actor columns: the staff member, the customer or the API key that made the change. */
export const auditActorColumns = (actor: AuditActor) => ({
  actor_system_user_id: actor && 'systemUserId' in actor ? actor.systemUserId : null,
  actor_end_user_id: actor && 'endUserId' in actor ? actor.endUserId : null,
  actor_api_key_id: actor && 'apiKeyId' in actor ? actor.apiKeyId : null,
});

/** A link between two things, made or undone: a release on a channel, a user in a channel. */
export interface LinkAuditEntry extends Omit<AuditEntry, 'before' | 'after'> {
  link: unknown;
  made: boolean;
}

/** Records a link made (the link is its `after`) or undone (its `before`). */
export function recordLinkAudit(db: Db, actor: AuditActor, { link, made, ...entry }: LinkAuditEntry): Promise<void> {
  return recordAudit(db, actor, made ? { ...entry, after: link } : { ...entry, before: link });
}
