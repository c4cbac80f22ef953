import { auditFieldChanges, type AuditEvent } from 'shared-kit/contract';
import type { AuditEventRow } from '../repositories/audit-events';
import { apiTimestamp } from './timestamps';

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  const actorId = row.actor_system_user_id;
  return {
    id: Number(row.id),
    created_at: apiTimestamp(row.created_at),
    actor: actorId === null ? { type: 'client' } : { type: 'user', id: actorId, email: row.actor_email ?? '' },
    action: row.action,
    object: { type: row.entity_type, id: row.entity_id },
    changes: auditFieldChanges(row.before, row.after),
  };
}
