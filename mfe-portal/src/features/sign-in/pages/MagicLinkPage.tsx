import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, errorMessage, useApiClient } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { Loading } from '../../../shared/components/PageState';
import { usePortalSessionStore, usePortalSlug } from '../../../shared/session/portal-session';
import { signInToPortal } from '../api/sign-in';
import { StepCard } from '../components/step-layout';

/** /sign-in?token=…: the mail's link signs the customer in at once, or says in plain words why it cannot. */
export function MagicLinkPage({ token }: { token: string }) {
  const { t } = useMessages();
  const api = useApiClient();
  const slug = usePortalSlug();
  const store = usePortalSessionStore();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // A link is single use: sent once even when React runs the effect twice (StrictMode).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    signInToPortal(api, slug, { token }).then(
      (session) => {
        store.signIn(session);
        navigate('/licenses', { replace: true });
      },
      (error: unknown) => setFailure(errorMessage(error, t('magicLink.failed'))),
    );
  }, [api, slug, store, navigate, token, t]);

  if (!failure) return <Loading label={t('magicLink.title')} />;
  return (
    <StepCard aria-labelledby="portal-link-title">
      <h1 id="portal-link-title">{t('magicLink.failedTitle')}</h1>
      <p role="alert">{failure}</p>
      <div>
        <Button variant="primary" onClick={() => navigate('/sign-in', { replace: true })}>
          {t('magicLink.askAgain')}
        </Button>
      </div>
    </StepCard>
  );
}
