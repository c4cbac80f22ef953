import type { EmailSummary, SendTestEmailBody } from 'shared-kit';
import { emailKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface TestEmailRequest {
  manufacturerId: number;
  body: SendTestEmailBody;
}

const sendTestEmail: ApiMutation<TestEmailRequest, EmailSummary> = {
  name: 'send-test-email',
  method: 'POST',
  path: ({ manufacturerId }) => emailKeys.test(manufacturerId),
  body: ({ body }) => body,
  invalidates: ({ manufacturerId }) => [emailKeys.lists(manufacturerId)],
};

/** POST /manufacturers/{id}/emails/test: 202, a test mail to the signed-in staff member or the address given. */
export const useSendTestEmail = () => useApiMutation<TestEmailRequest, EmailSummary>(sendTestEmail);
