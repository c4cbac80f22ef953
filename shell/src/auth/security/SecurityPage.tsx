import { Suspense, lazy, useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, PageHeader, errorMessage, type FactorProofBody, type TotpEnrolment } from 'shared-kit';
import { AppCodeField, PasswordField } from '../secret-fields';
import { useTwoFactor } from './use-two-factor';
import { PasskeysSection } from '../passkeys/PasskeysSection';
import { TotpSetUpForm } from './TotpSetUpForm';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { useAuth } from '../auth-context';

// Only the Super User sets the platform-wide requirement: a chunk of its own, loaded for them alone.
const PlatformTwoFactorSwitch = lazy(() =>
  import(/* webpackChunkName: "platform-two-factor" */ '../platform-two-factor/PlatformTwoFactorSwitch').then(
    (module) => ({ default: module.PlatformTwoFactorSwitch }),
  ),
);

/**
 * "Security": the signed-in user's two-factor sign-in. Setting up an authenticator app (QR code or the secret typed
 * in, then a code to prove it works), its recovery codes, and turning it off; for the Super User, also whether
 * every system user must sign in with two factors.
 */
export function SecurityPage() {
  const { status, error, isLoading, begin, confirm, renewCodes, disable } = useTwoFactor();
  const isSuperuser = useAuth().session?.access_level === 'superuser';
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (failure) {
      setProblem(errorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="Security" />
      <h2>Two-factor sign-in</h2>
      <p>
        With two-factor sign-in on, signing in needs your password and a code from an authenticator app on your phone
        (or one of your recovery codes).
      </p>
      {error && (
        <ErrorText>{errorMessage(error, 'Your security settings could not be loaded. Please try again.')}</ErrorText>
      )}
      {isLoading && <p>Loading…</p>}
      {notice && <p role="status">{notice}</p>}
      {status && !status.totp && !enrolment && (
        <>
          <p>Two-factor sign-in is off.</p>
          {problem && <ErrorText>{problem}</ErrorText>}
          <div>
            <Button
              variant="primary"
              disabled={busy}
              onClick={() =>
                act(async () => setEnrolment(await begin()), 'The set-up could not be started. Please try again.')
              }
            >
              Set up an authenticator app
            </Button>
          </div>
        </>
      )}
      {status && !status.totp && enrolment && (
        <TotpSetUpForm
          enrolment={enrolment}
          busy={busy}
          problem={problem}
          onConfirm={(code) =>
            act(async () => {
              const { recovery_codes } = await confirm(code);
              setEnrolment(undefined);
              setCodes(recovery_codes);
              setNotice('Two-factor sign-in is on.');
            }, 'The code could not be checked. Please try again.')
          }
          onCancel={() => {
            setEnrolment(undefined);
            setProblem(undefined);
          }}
        />
      )}
      {status?.totp && (
        <FactorOn
          recoveryCodesLeft={status.recovery_codes_left}
          busy={busy}
          problem={problem}
          onRenew={(proof) =>
            act(async () => {
              setCodes((await renewCodes(proof)).recovery_codes);
              setNotice('New recovery codes made. The old ones no longer work.');
            }, 'New recovery codes could not be made. Please try again.')
          }
          onDisable={(proof) =>
            act(async () => {
              await disable(proof);
              setNotice('Two-factor sign-in is off.');
            }, 'Two-factor sign-in could not be turned off. Please try again.')
          }
        />
      )}
      {status && <PasskeysSection totpOn={status.totp} />}
      {isSuperuser && (
        <Suspense fallback={<p>Loading…</p>}>
          <PlatformTwoFactorSwitch />
        </Suspense>
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(undefined)} />}
    </>
  );
}

function FactorOn({
  recoveryCodesLeft,
  busy,
  problem,
  onRenew,
  onDisable,
}: {
  recoveryCodesLeft: number;
  busy: boolean;
  problem: string | undefined;
  onRenew: (proof: FactorProofBody) => void;
  onDisable: (proof: FactorProofBody) => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const proof = (): FactorProofBody => (code.trim() ? { code: code.trim() } : { password });
  const ready = !busy && (code.trim() !== '' || password !== '');
  return (
    <Form onSubmit={(event) => event.preventDefault()} aria-label="Two-factor sign-in is on">
      <p>
        Two-factor sign-in is on with an authenticator app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>.
      </p>
      <p>To make new recovery codes or turn two-factor sign-in off, enter a current code or your password.</p>
      <AppCodeField id="totp-proof-code" label="Code from your authenticator app" value={code} onChange={setCode} />
      <PasswordField id="totp-proof-password" label="Or your password" value={password} onChange={setPassword} />
      {problem && <ErrorText>{problem}</ErrorText>}
      <Actions>
        <Button type="button" disabled={!ready} onClick={() => onRenew(proof())}>
          New recovery codes
        </Button>
        <Button type="button" variant="danger" disabled={!ready} onClick={() => onDisable(proof())}>
          Turn off
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

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
`;
