import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PORTAL_SIGN_IN_TOKEN_QUERY, type PortalSession } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { usePortalDescriptorValue } from '../../../shared/descriptor-context';
import { usePortalSession, usePortalSessionStore } from '../../../shared/session/portal-session';
import { CodeStep } from '../components/CodeStep';
import { EmailStep } from '../components/EmailStep';
import { StepCard } from '../components/step-layout';
import { MagicLinkPage } from './MagicLinkPage';
import type { SignInReturn } from '../../../shared/components/RequireCustomer';

type Step = { name: 'email'; email: string } | { name: 'code'; email: string; notice: string };

/** /sign-in: email → "Check your email" → the 6-digit code; with `?token=` it is the mail's sign-in link. */
export default function SignInPage() {
  const [search] = useSearchParams();
  const token = search.get(PORTAL_SIGN_IN_TOKEN_QUERY);
  if (token) return <MagicLinkPage token={token} />;
  return <CodeSignIn />;
}

function CodeSignIn() {
  const { t } = useMessages();
  const { session, reason } = usePortalSession();
  const store = usePortalSessionStore();
  const navigate = useNavigate();
  // The page that sent the customer here (a path of this portal only), else My licenses.
  const returnTo = (useLocation().state as SignInReturn | null)?.returnTo;
  const next = returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/licenses';
  const [step, setStep] = useState<Step>({ name: 'email', email: '' });
  const { manufacturer_name: manufacturer } = usePortalDescriptorValue();

  if (session) return <Navigate to={next} replace />;

  const signedIn = (newSession: PortalSession) => {
    store.signIn(newSession);
    navigate(next, { replace: true });
  };

  if (step.name === 'code')
    return (
      <StepCard aria-labelledby="portal-sign-in-title">
        <h1 id="portal-sign-in-title">{t('code.title')}</h1>
        <p role="status">{step.notice}</p>
        <p>{t('code.sentTo', { email: step.email })}</p>
        <CodeStep
          email={step.email}
          onSignedIn={signedIn}
          onOtherEmail={() => setStep({ name: 'email', email: step.email })}
        />
      </StepCard>
    );
  return (
    <StepCard aria-labelledby="portal-sign-in-title">
      <h1 id="portal-sign-in-title">{t('signIn.title')}</h1>
      {reason === 'ended' && <p role="alert">{t('signIn.sessionEnded')}</p>}
      {reason === 'signed-out' && <p role="status">{t('signIn.signedOut')}</p>}
      <p>{t('signIn.intro', { manufacturer })}</p>
      <EmailStep
        defaultEmail={step.email}
        onCodeRequested={(email, result) => setStep({ name: 'code', email, notice: result.notice })}
      />
    </StepCard>
  );
}
