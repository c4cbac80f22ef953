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
};

const objectWords = (type: string) => type.replace(/_/g, ' ');

/** "staff@alpha.example deactivated license 12", "client activated license 3": who did what to which record. */
export function activitySentence(event: AuditEvent): string {
  const who = event.actor.type === 'user' ? event.actor.email : 'client';
  const verb = VERBS[event.action.split('.').at(-1) ?? ''] ?? event.action;
  return `${who} ${verb} ${objectWords(event.object.type)} ${event.object.id}`;
}

/** The changes field by field, in the words History uses (the server's summaries). */
export const activityChanges = (event: AuditEvent) => event.changes.map((change) => change.summary).join('; ');
