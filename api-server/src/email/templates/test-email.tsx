import { Text } from '@react-email/components';
import type { TemplatedEmail } from '../send-templated-email';

/** The console's "Send test email": proves the mail settings and the delivery path end to end. */
export function testEmail(manufacturerId: number, to: string, manufacturerName: string): TemplatedEmail {
  return {
    manufacturerId,
    to,
    kind: 'email.test',
    subject: `Test email from ${manufacturerName}`,
    transactional: true,
    preview: 'Your ProductHub mail settings work.',
    body: (
      <>
        <Text>This is a test email from {manufacturerName}, sent from ProductHub.</Text>
        <Text>
          If you can read it, the mail settings work: the sender name, the reply-to address and the branding above are
          what your customers see.
        </Text>
      </>
    ),
  };
}
