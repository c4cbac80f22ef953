import { useState, useTransition, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  ErrorText,
  Field,
  TextInput,
  errorMessage,
  useApiClient,
  type LoginResponse,
  type PasskeyOptions,
  type SecondFactorBody,
  type SecondFactorNeeded,
} from 'shared-kit';
import { answerWithPasskey } from '../passkeys/passkey-ceremony';

export const SECOND_STEP_FAILED = 'The code could not be checked. Please try again.';
export const PASSKEY_STEP_FAILED = 'The passkey could not be checked. Please try again.';

/**
 * The sign-in's second step where a factor is enrolled: "Use a passkey" where the user has one, a code of the
 * authenticator app, or (after "Use a recovery code") one of the recovery codes. Its own chunk: users without a
 * factor never load it.
 */
export function SecondFactorForm({
  pendingToken,
  methods,
  onSignedIn,
  onStartOver,
}: {
  pendingToken: string;
  methods: SecondFactorNeeded['methods'];
  onSignedIn: (login: LoginResponse) => void;
  onStartOver: () => void;
}) {
  const api = useApiClient();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, startCheck] = useTransition();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startCheck(async () => {
      const body: SecondFactorBody = recovery
        ? { pending_token: pendingToken, recovery_code: code.trim() }
        : { pending_token: pendingToken, code: code.trim() };
      try {
        onSignedIn(await api.post<LoginResponse>('/systemusers/login/second-factor', body));
      } catch (error) {
        setProblem(errorMessage(error, SECOND_STEP_FAILED));
      }
    });
  };
  const usePasskey = () => {
    setProblem(undefined);
    startCheck(async () => {
      try {
        const body = { pending_token: pendingToken };
        const options = await api.post<PasskeyOptions>('/systemusers/login/passkey-options', body);
        const response = await answerWithPasskey(options);
        onSignedIn(await api.post<LoginResponse>('/systemusers/login/passkey', { ...body, response }));
      } catch (error) {
        setProblem(errorMessage(error, PASSKEY_STEP_FAILED));
      }
    });
  };
  const hasPasskey = methods.includes('passkey');
  const hasCode = methods.includes('totp');
  const label = recovery ? 'Recovery code' : 'Code from your authenticator app';

  return (
    <Form onSubmit={submit} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Two-factor sign-in</h2>
      {hasPasskey && (
        <>
          <p>Use your passkey: your browser asks for your security key, fingerprint or screen lock.</p>
          <Button type="button" variant={hasCode ? undefined : 'primary'} disabled={checking} onClick={usePasskey}>
            Use a passkey
          </Button>
        </>
      )}
      {hasCode && (
        <>
          <p>
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
              : 'Enter the six-digit code your authenticator app shows for ProductHub.'}
          </p>
          <Field label={label} htmlFor="second-factor-code">
            <TextInput
              id="second-factor-code"
              key={recovery ? 'recovery' : 'totp'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'second-factor-problem' : undefined}
              autoFocus={!hasPasskey}
            />
          </Field>
          <Button type="submit" variant="primary" disabled={checking || !code.trim()}>
            {checking ? 'Checking...' : 'Verify'}
          </Button>
          <Button
            type="button"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setProblem(undefined);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
        </>
      )}
      {problem && <ErrorText id="second-factor-problem">{problem}</ErrorText>}
      <Button type="button" onClick={onStartOver}>
        Start over
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: 1.25rem;
  }
`;
