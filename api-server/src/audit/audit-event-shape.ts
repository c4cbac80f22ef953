import { auditFieldChanges, type AuditEvent } from 'shared-kit/contract';
import type { AuditEventRow } from './queries/audit-events';
import { apiTimestamp } from '../db/api-timestamps';

function actorOf(row: AuditEventRow): AuditEvent['actor'] {
  if (row.actor_system_user_id !== null)
    return { type: 'user', id: row.actor_system_user_id, email: row.actor_email ?? '' };
  if (row.actor_api_key_id !== null)
    return {
      type: 'api_key',
      id: row.actor_api_key_id,
      name: row.actor_api_key_name ?? '',
      prefix: row.actor_api_key_prefix ?? '',
    };
  if (row.actor_end_user_id !== null)
    return { type: 'customer', id: row.actor_end_user_id, email: row.actor_end_user_email ?? '' };
  return { type: 'client' };
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: Number(row.id),
    created_at: apiTimestamp(row.created_at),
    actor: actorOf(row),
    action: row.action,
    object: { type: row.entity_type, id: row.entity_id },
    changes: auditFieldChanges(row.before, row.after),
  };
}
