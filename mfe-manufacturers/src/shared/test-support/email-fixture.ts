import type { EmailSummary } from 'shared-kit';

/** A sign-in code mail of Aurora Audio, kept (not sent), as the Emails log lists it; `overrides` change single fields. */
export function emailFixture(overrides: Partial<EmailSummary> = {}): EmailSummary {
  return {
    id: 1,
    manufacturer_id: 7,
    to: 'buyer@example.com',
    kind: 'portal.sign-in-code',
    subject: 'Your sign-in code',
    sender_name: 'Aurora Audio',
    reply_to: 'hello@aurora-audio.example',
    transactional: true,
    status: 'kept',
    attempts: 0,
    last_error: null,
    last_attempt_at: null,
    next_attempt_at: null,
    sent_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
