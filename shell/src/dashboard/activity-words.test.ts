import type { AuditEvent } from 'shared-kit';
import { activitySentence } from './activity-words';

const event = (actor: AuditEvent['actor'], action: string): AuditEvent => ({
  id: 1,
  created_at: '2026-11-22T10:00:00.000Z',
  actor,
  action,
  object: { type: 'end_user', id: '7' },
  changes: [],
});

describe('activitySentence', () => {
  it('names staff by their email, plugins as client, and customers by their email, marked as customers', () => {
    expect(activitySentence(event({ type: 'user', id: 3, email: 'staff@alpha.example' }, 'end_user.update'))).toBe(
      'staff@alpha.example changed end user 7',
    );
    expect(activitySentence(event({ type: 'client' }, 'end_user.create'))).toBe('client created end user 7');
    expect(
      activitySentence(event({ type: 'customer', id: 7, email: 'buyer@example.com' }, 'end_user.portal_sign_in')),
    ).toBe('buyer@example.com (customer) signed in to the portal as end user 7');
    expect(
      activitySentence(
        event({ type: 'user', id: 3, email: 'staff@alpha.example' }, 'end_user.portal_sign_in_link_sent'),
      ),
    ).toBe('staff@alpha.example sent a portal sign-in link to end user 7');
  });

  it('names an API key by its name and prefix', () => {
    expect(
      activitySentence(
        event({ type: 'api_key', id: 2, name: 'Release pipeline', prefix: 'phk_live_Ab12Cd34' }, 'end_user.create'),
      ),
    ).toBe('API key Release pipeline (phk_live_Ab12Cd34…) created end user 7');
  });
});
