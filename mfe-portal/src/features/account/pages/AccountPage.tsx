import { useState } from 'react';
import { Button, errorMessage, useApiClient } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { PageTitle } from '../../../shared/components/Details';
import { OneFieldForm } from '../../../shared/components/OneFieldForm';
import { usePortalSession, usePortalSessionStore } from '../../../shared/session/portal-session';
import { codeDigits, codeProblem, emailProblem } from '../../../shared/sign-in-rules';
import { confirmEmailChange, requestEmailChange } from '../api/change-email';

type Step = { kind: 'email'; done?: string } | { kind: 'code'; notice: string; sentTo: string };

/** /account: the signed-in address, and changing it (a code mailed to the new address confirms it). */
export default function AccountPage() {
  const messages = useMessages();
  const { t } = messages;
  const api = useApiClient();
  const store = usePortalSessionStore();
  const { session } = usePortalSession();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const email = session?.user.email ?? '';
  return (
    <>
      <PageTitle>{t('account.title')}</PageTitle>
      <p>{t('account.current', { email })}</p>
      {step.kind === 'email' && (
        <>
          {step.done && <p role="status">{step.done}</p>}
          <OneFieldForm
            formLabel={t('account.changeEmail')}
            label={t('account.newEmail')}
            submitText={t('account.sendCode')}
            inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email' }}
            problemOf={(value) => emailProblem(messages, value)}
            onSubmit={async (value) => {
              const requested = await requestEmailChange(api, value.trim());
              setStep({ kind: 'code', notice: requested.notice, sentTo: requested.sent_to });
            }}
            failedText={(error) => errorMessage(error, t('account.requestFailed'))}
          />
        </>
      )}
      {step.kind === 'code' && (
        <>
          <h2>{t('account.checkInbox')}</h2>
          <p role="status">{step.notice}</p>
          <OneFieldForm
            formLabel={t('account.confirm')}
            label={t('code.label')}
            submitText={t('account.confirm')}
            inputProps={{ autoComplete: 'one-time-code', inputMode: 'numeric' }}
            autoFocus
            problemOf={(value) => codeProblem(messages, value)}
            onSubmit={async (value) => {
              const me = await confirmEmailChange(api, codeDigits(value));
              if (session) store.signIn({ ...session, user: me });
              setStep({ kind: 'email', done: t('account.changed', { email: me.email }) });
            }}
            failedText={(error) => errorMessage(error, t('account.confirmFailed'))}
          />
          <Button onClick={() => setStep({ kind: 'email' })}>{t('account.otherEmail')}</Button>
        </>
      )}
    </>
  );
}
