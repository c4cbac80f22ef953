import type { AuditEvent } from '../contract';

export const DEACTIVATION_SUMMARY = 'Deactivated: no → yes (reason CancelledOrder)';

/**
 * Event `id` on licence `licenseId`: Aurora's staff deactivating it for a cancelled order (History's usual example),
 * unless `overrides` tell another.
 */
export function licenseEvent(id: number, licenseId: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    created_at: '2026-11-20T10:15:00.000Z',
    actor: { type: 'user', id: 3, email: 'staff@aurora-audio.example' },
    action: 'license.update',
    object: { type: 'license', id: String(licenseId) },
    changes: [{ field: 'disabled', before: false, after: true, summary: DEACTIVATION_SUMMARY }],
    ...overrides,
  };
}
