import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, type TotpEnrolment } from 'shared-kit';
import { AppCodeField } from '../secret-fields';

/**
 * Setting up an authenticator app: the QR code (or the key typed in), then a code of the app to prove it works.
 * Shared by the Security page and the enrolment a required factor leads to at sign-in.
 */
export function TotpSetUpForm({
  enrolment,
  busy,
  problem,
  onConfirm,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  busy: boolean;
  problem: string | undefined;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code.trim());
  };
  return (
    <Form onSubmit={submit} aria-label="Set up an authenticator app">
      <p>1. Scan this QR code with your authenticator app, or type in the key below it.</p>
      <Qr
        src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="QR code for your authenticator app"
      />
      <p>
        Key: <code aria-label="Setup key">{enrolment.secret}</code>
      </p>
      <p>2. Enter the six-digit code the app shows, to check it works.</p>
      <AppCodeField
        id="totp-confirm-code"
        label="Code from your authenticator app"
        value={code}
        onChange={setCode}
        invalid={Boolean(problem)}
      />
      {problem && <ErrorText>{problem}</ErrorText>}
      <Actions>
        <Button type="submit" variant="primary" disabled={busy || !code.trim()}>
          Turn on
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 480px;
  p {
    margin: 0;
  }
`;

const Qr = styled.img`
  width: 200px;
  height: 200px;
  background: #fff;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
`;
