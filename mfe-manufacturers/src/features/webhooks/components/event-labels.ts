import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, type WebhookEventType } from 'shared-kit/contract';

/** What each event type of the contract is called on screen. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'license.created': 'License created',
  'license.disabled': 'License disabled',
  'license.enabled': 'License enabled',
  'license.transferred': 'License transferred',
  'license.activated': 'License activated',
  'machine.deactivated': 'Machine deactivated',
  'trial.started': 'Trial started',
  'end_user.created': 'User created',
  'end_user.updated': 'User updated',
  'release.distributed': 'Release distributed',
  'release.withdrawn': 'Release withdrawn',
  'import.applied': 'Import applied',
  'license_policy.updated': 'License policy changed',
  'license_policy.applied': 'License policy applied to existing licenses',
  'license.edition_changed': 'License edition changed',
  'license.renewed': 'License renewed',
  'seat.checked_out': 'Floating seat checked out',
  'seat.checked_in': 'Floating seat checked in',
  'seat.released': 'Floating seat released',
  'order.created': 'Order created',
  'order.refunded': 'Order refunded',
  'batch.created': 'Serial batch created',
  'batch.voided': 'Serial batch serials voided',
  'batch_serial.redeemed': 'Batch serial redeemed',
  'staff.invited': 'Staff member invited',
  'staff.joined': 'Staff member joined',
  'staff.invite_withdrawn': 'Staff invite withdrawn',
  'staff.role_changed': 'Staff role changed',
  'staff.disabled': 'Staff member disabled',
  'staff.enabled': 'Staff member enabled',
  'staff.removed': 'Staff member removed',
  'staff.sessions_ended': 'Staff sessions ended',
  'staff.two_factor_reset': 'Staff two-factor reset',
  'manufacturer.two_factor_requirement_updated': 'Two-factor sign-in requirement changed',
};

export { WEBHOOK_EVENT_TYPES };

const isKnownEventType = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** An event type as a person reads it; a type this console does not know yet shows as the server wrote it. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT_TYPE) return 'Test event';
  return isKnownEventType(type) ? EVENT_LABELS[type] : type;
}

/** The event types as checkbox choices, in the contract's order. */
export const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: EVENT_LABELS[type] }));
