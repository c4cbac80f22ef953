import { useState, useTransition } from 'react';
import styled from 'styled-components';
import {
  Button,
  ErrorText,
  errorMessage,
  useApiClient,
  type EnrolledSignIn,
  type EnrolmentNeeded,
  type LoginResponse,
  type PasskeyOptions,
  type TotpEnrolment,
} from 'shared-kit';
import { TotpSetUpForm } from '../security/TotpSetUpForm';
import { RecoveryCodesDialog } from '../security/RecoveryCodesDialog';
import { createPasskey } from '../passkeys/passkey-ceremony';

export const ENROLMENT_NOT_STARTED = 'The set-up could not be started. Please try again.';
export const ENROLMENT_CODE_FAILED = 'The code could not be checked. Please try again.';
export const ENROLMENT_PASSKEY_FAILED = 'The passkey could not be added. Please try again.';
const PASSKEY_NAME = 'Passkey added at sign-in';

/**
 * The enrolment a required factor leads to at sign-in (a user without one): set up an authenticator app (the
 * Security page's set-up form) or add a passkey; then the session. After the app, its recovery codes are shown
 * once before the console opens. Its own chunk: users who have a factor never load it.
 */
export function EnrolmentForm({
  pendingToken,
  methods,
  onSignedIn,
  onStartOver,
}: {
  pendingToken: string;
  methods: EnrolmentNeeded['methods'];
  onSignedIn: (login: LoginResponse) => void;
  onStartOver: () => void;
}) {
  const api = useApiClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [enrolled, setEnrolled] = useState<EnrolledSignIn>();
  const [problem, setProblem] = useState<string>();
  const [busy, startCall] = useTransition();

  const call = (action: () => Promise<void>, fallback: string) => {
    setProblem(undefined);
    startCall(async () => {
      try {
        await action();
      } catch (error) {
        setProblem(errorMessage(error, fallback));
      }
    });
  };
  const beginApp = () =>
    call(async () => {
      setEnrolment(await api.post<TotpEnrolment>('/systemusers/login/enrolment/totp', { pending_token: pendingToken }));
    }, ENROLMENT_NOT_STARTED);
  const confirmApp = (code: string) =>
    call(async () => {
      const body = { pending_token: pendingToken, code };
      setEnrolled(await api.post<EnrolledSignIn>('/systemusers/login/enrolment/totp/confirm', body));
    }, ENROLMENT_CODE_FAILED);
  const addPasskey = () =>
    call(async () => {
      const body = { pending_token: pendingToken };
      const options = await api.post<PasskeyOptions>('/systemusers/login/enrolment/passkey-options', body);
      const response = await createPasskey(options);
      onSignedIn(
        await api.post<LoginResponse>('/systemusers/login/enrolment/passkey', {
          ...body,
          name: PASSKEY_NAME,
          response,
        }),
      );
    }, ENROLMENT_PASSKEY_FAILED);

  if (enrolled) {
    const { recovery_codes: codes, ...login } = enrolled;
    return (
      <>
        <p role="status">Two-factor sign-in is on.</p>
        <RecoveryCodesDialog codes={codes} onClose={() => onSignedIn(login)} />
      </>
    );
  }
  return (
    <Steps aria-labelledby="enrolment-title">
      <h2 id="enrolment-title">Set up two-factor sign-in</h2>
      <p>
        Your account must sign in with a second factor. Set one up now: an authenticator app on your phone, or a passkey
        (a security key, or your device's fingerprint or screen lock).
      </p>
      {enrolment ? (
        <TotpSetUpForm
          enrolment={enrolment}
          busy={busy}
          problem={problem}
          onConfirm={confirmApp}
          onCancel={() => {
            setEnrolment(undefined);
            setProblem(undefined);
          }}
        />
      ) : (
        <>
          {problem && <ErrorText>{problem}</ErrorText>}
          {methods.includes('totp') && (
            <Button type="button" variant="primary" disabled={busy} onClick={beginApp}>
              Set up an authenticator app
            </Button>
          )}
          {methods.includes('passkey') && (
            <Button type="button" disabled={busy} onClick={addPasskey}>
              Add a passkey
            </Button>
          )}
        </>
      )}
      <Button type="button" onClick={onStartOver}>
        Start over
      </Button>
    </Steps>
  );
}

const Steps = styled.section`
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
