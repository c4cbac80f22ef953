import { errorMessage, useApiClient, type PortalCodeRequestResult } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { OneFieldForm } from '../../../shared/components/OneFieldForm';
import { usePortalSlug } from '../../../shared/session/portal-session';
import { requestSignInCode } from '../api/request-code';
import { emailProblem } from './sign-in-rules';

export interface EmailStepProps {
  defaultEmail: string;
  /** The code is on its way to `email`; `result.notice` is the server's sentence for it. */
  onCodeRequested: (email: string, result: PortalCodeRequestResult) => void;
}

/** Step one: the address the manufacturer knows the customer by. */
export function EmailStep({ defaultEmail, onCodeRequested }: EmailStepProps) {
  const messages = useMessages();
  const { t } = messages;
  const api = useApiClient();
  const slug = usePortalSlug();
  const send = async (value: string) => {
    const email = value.trim();
    onCodeRequested(email, await requestSignInCode(api, slug, { email }));
  };
  return (
    <OneFieldForm
      formLabel={t('signIn.title')}
      label={t('signIn.email')}
      submitText={t('signIn.sendCode')}
      inputProps={{ type: 'email', autoComplete: 'email', inputMode: 'email' }}
      defaultValue={defaultEmail}
      // Back from the code step: the keyboard carries on in the address.
      autoFocus={defaultEmail !== ''}
      problemOf={(value) => emailProblem(messages, value)}
      onSubmit={send}
      failedText={(error) => errorMessage(error, t('signIn.requestFailed'))}
    />
  );
}
