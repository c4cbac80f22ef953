import { useState } from 'react';
import { Button, ErrorText, errorMessage, useApiClient, type PortalSession } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { OneFieldForm } from '../../../shared/components/OneFieldForm';
import { usePortalSlug } from '../../../shared/session/portal-session';
import { requestSignInCode } from '../api/request-code';
import { signInToPortal } from '../api/sign-in';
import { codeDigits, codeProblem } from './sign-in-rules';
import { Notice, StepActions } from './step-layout';

export interface CodeStepProps {
  email: string;
  onSignedIn: (session: PortalSession) => void;
  onOtherEmail: () => void;
}

interface ResendState {
  pending: boolean;
  notice: string | null;
  error: string | null;
  /** Bumped by every new code: the code field starts empty again. */
  round: number;
}

/** Step two: the 6 digits from the mail, a new code when that one is spent, or back to another address. */
export function CodeStep({ email, onSignedIn, onOtherEmail }: CodeStepProps) {
  const messages = useMessages();
  const { t } = messages;
  const api = useApiClient();
  const slug = usePortalSlug();
  const [resend, setResend] = useState<ResendState>({ pending: false, notice: null, error: null, round: 0 });

  const sendNewCode = async () => {
    setResend((state) => ({ ...state, pending: true, notice: null, error: null }));
    try {
      await requestSignInCode(api, slug, { email });
      setResend((state) => ({ pending: false, notice: t('code.resent'), error: null, round: state.round + 1 }));
    } catch (error) {
      setResend((state) => ({ ...state, pending: false, error: errorMessage(error, t('signIn.requestFailed')) }));
    }
  };

  return (
    <>
      <OneFieldForm
        key={resend.round}
        autoFocus
        formLabel={t('code.title')}
        label={t('code.label')}
        submitText={t('code.signIn')}
        inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 12 }}
        problemOf={(value) => codeProblem(messages, value)}
        onSubmit={async (value) => onSignedIn(await signInToPortal(api, slug, { email, code: codeDigits(value) }))}
        failedText={(error) => errorMessage(error, t('code.failed'))}
      />
      <div role="status">{resend.notice && <Notice>{resend.notice}</Notice>}</div>
      {resend.error && <ErrorText>{resend.error}</ErrorText>}
      <StepActions>
        <Button onClick={sendNewCode} disabled={resend.pending}>
          {t('code.resend')}
        </Button>
        <Button variant="link" onClick={onOtherEmail}>
          {t('code.otherEmail')}
        </Button>
      </StepActions>
    </>
  );
}
