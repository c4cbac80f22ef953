import type { AuditEvent } from 'shared-kit';

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  disable: 'deactivated',
  enable: 'reactivated',
  transfer: 'transferred',
  activate: 'activated',
  deactivate: 'deactivated a machine of',
  distribute: 'distributed',
  withdraw: 'withdrew',
  import: 'imported',
  portal_sign_in: 'signed in to the portal as',
  portal_sign_in_link_sent: 'sent a portal sign-in link to',
  portal_settings_update: 'changed the portal settings of',
};

const objectWords = (type: string) => type.replace(/_/g, ' ');

/**
 * "staff@alpha.example deactivated license 12", "client activated license 3", "buyer@example.com (customer) …": who
 * did what to which record.
 */
export function activitySentence(event: AuditEvent): string {
  const who =
    event.actor.type === 'client'
      ? 'client'
      : event.actor.type === 'customer'
        ? `${event.actor.email} (customer)`
        : event.actor.type === 'api_key'
          ? `API key ${event.actor.name} (${event.actor.prefix}…)`
          : event.actor.email;
  const verb = VERBS[event.action.split('.').at(-1) ?? ''] ?? event.action;
  return `${who} ${verb} ${objectWords(event.object.type)} ${event.object.id}`;
}

/** The changes field by field, in the words History uses (the server's summaries). */
export const activityChanges = (event: AuditEvent) => event.changes.map((change) => change.summary).join('; ');
