import type { AuditEvent } from 'shared-kit';
import { AUDIT_ACTIONS } from 'shared-kit/contract';
import { activityChanges, activityLine, activitySentence } from './activity-words';

const event = (actor: AuditEvent['actor'], action: string, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 1,
  created_at: '2026-11-22T10:00:00.000Z',
  actor,
  action,
  object: { type: 'end_user', id: '7' },
  changes: [],
  ...overrides,
});

const change = (field: string, after: unknown, before: unknown = null) => ({
  field,
  before,
  after,
  summary: `${field}: ${String(before)} → ${String(after)}`,
});

const staff = { type: 'user', id: 3, email: 'ada@aurora.example' } as const;

describe('activity in words', () => {
  it.each(AUDIT_ACTIONS)('gives %s a sentence in words, not its code', (action) => {
    const sentence = activitySentence(event(staff, action));
    expect(sentence).toMatch(/^ada@aurora\.example [a-z]/);
    expect(sentence).not.toContain(action);
    expect(sentence).not.toContain('{record}');
    expect(sentence).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  });

  it('names a user by email, a licence by serial and a product by name, each linked to its page', () => {
    expect(
      activityLine(event(staff, 'end_user.update', { changes: [change('email', 'bob@listener.example')] })),
    ).toEqual({
      before: 'ada@aurora.example changed the user ',
      record: { text: 'bob@listener.example', to: '../UserDetails/7' },
      after: '',
    });
    expect(
      activityLine(
        event(staff, 'license.disable', {
          object: { type: 'license', id: '161' },
          changes: [change('serial', 'AB12C-DE34F'), change('user_id', 9), change('disabled', true, false)],
        }),
      ).record,
    ).toEqual({ text: 'AB12C-DE34F', to: '../UserDetails/9' });
    expect(
      activityLine(
        event(staff, 'product.create', {
          object: { type: 'product', id: '4' },
          changes: [change('name', 'Aurora Reverb')],
        }),
      ).record,
    ).toEqual({ text: 'Aurora Reverb', to: '../UpdateProduct/4' });
  });

  it('tells a plugin’s trial by its machine and product, and leaves the bookkeeping out', () => {
    const trial = event({ type: 'client' }, 'client.trial.start', {
      object: { type: 'trial', id: '69' },
      changes: [
        change('hardware_fingerprint', '3f9a2b7c11d04e5f'),
        change('product_id', 12),
        change('actor', 'client'),
        change('address', 'demo seed'),
      ],
    });
    expect(activitySentence(trial)).toBe('A plugin started a trial on machine 3f9a2b7c11d0… (product 12)');
    expect(activityLine(trial).record?.to).toBe('../UpdateProduct/12');
    expect(activityChanges(trial)).toBe('');
    expect(
      activityChanges(
        event(staff, 'end_user.update', { changes: [change('external_id', 'X-2', 'X-1'), change('actor', 'client')] }),
      ),
    ).toBe('external_id: X-1 → X-2');
  });

  it('counts an import in words', () => {
    expect(
      activitySentence(
        event(staff, 'import.apply', {
          object: { type: 'user_import', id: '5' },
          changes: [change('users_created', 5), change('licenses_created', 1)],
        }),
      ),
    ).toBe('ada@aurora.example imported 5 users and 1 license (import 5)');
  });

  it('names customers, API keys, and without a console user ProductHub', () => {
    expect(
      activitySentence(event({ type: 'customer', id: 7, email: 'buyer@example.com' }, 'end_user.portal_sign_in')),
    ).toBe('buyer@example.com (customer) signed in to the portal as the user #7');
    expect(
      activitySentence(
        event({ type: 'api_key', id: 2, name: 'Release pipeline', prefix: 'phk_live_Ab12Cd34' }, 'end_user.create'),
      ),
    ).toBe('API key Release pipeline (phk_live_Ab12Cd34…) created the user #7');
    expect(
      activitySentence(event({ type: 'client' }, 'manufacturer.create', { object: { type: 'manufacturer', id: '2' } })),
    ).toBe('ProductHub created the manufacturer #2');
  });

  it("names ProductHub as the actor of a store's order, its licences and its refund (docs/selling.md)", () => {
    const client = { type: 'client' } as const;
    expect(activitySentence(event(client, 'license.create', { object: { type: 'license', id: '41' } }))).toMatch(
      /^ProductHub created license /,
    );
    expect(activitySentence(event(client, 'order.create', { object: { type: 'order', id: '9' } }))).toMatch(
      /^ProductHub recorded the order /,
    );
    expect(activitySentence(event(client, 'order.refund', { object: { type: 'order', id: '9' } }))).toMatch(
      /^ProductHub refunded the order /,
    );
  });
});
