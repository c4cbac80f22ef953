import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, SpinnerIcon, TextInput, errorMessage } from 'shared-kit';
import { useSendTestEmail } from '../api/send-test-email';

export const TEST_EMAIL_FAILED = 'The test email could not be queued. Please try again.';

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const AddressInput = styled(TextInput)`
  width: min(100%, 320px);
`;

/** "Send test email": to the signed-in staff member, or to the address typed in. */
export function SendTestEmail({ manufacturerId }: { manufacturerId: number }) {
  const inputId = useId();
  const send = useSendTestEmail();
  const [to, setTo] = useState('');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice('');
    setError(null);
    try {
      const email = await send.trigger({ manufacturerId, body: to.trim() ? { to: to.trim() } : {} });
      setNotice(`Test email to ${email.to} queued. It is in the Emails log.`);
    } catch (failure) {
      setError(errorMessage(failure, TEST_EMAIL_FAILED));
    }
  };

  return (
    <div>
      <Row aria-label="Send test email" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId}>Send to</label>
        <AddressInput
          id={inputId}
          type="text"
          inputMode="email"
          value={to}
          placeholder="your own address"
          onChange={(event) => setTo(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" disabled={send.isMutating} aria-busy={send.isMutating || undefined}>
          {send.isMutating && <SpinnerIcon />}
          Send test email
        </Button>
      </Row>
      <p role="status">{notice}</p>
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
