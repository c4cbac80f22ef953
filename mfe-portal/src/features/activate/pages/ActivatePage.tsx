import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ErrorText, errorMessage, useApiClient, type PortalBrowserActivation } from 'shared-kit';
import { portalLink } from 'shared-kit/pages';
import { useMessages } from '../../../messages/messages';
import { Details, PageTitle } from '../../../shared/components/Details';
import { Loading } from '../../../shared/components/PageState';
import { approveActivation, denyActivation, lookUpActivation } from '../api/browser-activation';
import { CodeEntry } from '../components/CodeEntry';
import { LicensePicker } from '../components/LicensePicker';

/** The code in the page's address (`?code=`, as the plugin's verification_uri_complete gives it). */
const CODE_QUERY = 'code';

/**
 * /activate: a plugin's activation in the browser. The plugin opens this page with its code (or the customer types
 * it); the customer, signed in, sees the product and the computer, picks one of their licences and approves or
 * refuses; the plugin, polling, then gets its licence file or is told.
 */
export default function ActivatePage() {
  const { t } = useMessages();
  const [search, setSearch] = useSearchParams();
  const code = search.get(CODE_QUERY);
  return (
    <>
      {!code && (
        <>
          <PageTitle>{t('activate.title')}</PageTitle>
          <p>{t('activate.intro')}</p>
          <CodeEntry onCode={(typed) => setSearch({ [CODE_QUERY]: typed })} />
        </>
      )}
      {code && <ActivationRequest key={code} code={code} onOtherCode={() => setSearch({})} />}
    </>
  );
}

type Shown =
  | { name: 'loading' }
  | { name: 'failed'; message: string }
  | { name: 'request'; request: PortalBrowserActivation }
  | { name: 'decided'; approved: boolean; product: string };

function ActivationRequest({ code, onOtherCode }: { code: string; onOtherCode: () => void }) {
  const { t, formatDateTime } = useMessages();
  const api = useApiClient();
  const [shown, setShown] = useState<Shown>({ name: 'loading' });
  const [chosen, setChosen] = useState<number | null>(null);
  const [sending, setSending] = useState<'approve' | 'deny' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    lookUpActivation(api, code).then(
      (request) => {
        if (!current) return;
        setShown({ name: 'request', request });
        if (request.licenses.length === 1) setChosen(request.licenses[0].id);
      },
      (error: unknown) => current && setShown({ name: 'failed', message: errorMessage(error, t('activate.failed')) }),
    );
    return () => {
      current = false;
    };
  }, [api, code, t]);

  if (shown.name === 'loading') return <Loading label={t('activate.loading')} />;
  if (shown.name === 'failed')
    return (
      <>
        <PageTitle>{t('activate.title')}</PageTitle>
        <ErrorText>{shown.message}</ErrorText>
        <Button onClick={onOtherCode}>{t('activate.otherCode')}</Button>
      </>
    );
  if (shown.name === 'decided')
    return (
      <>
        <PageTitle>{t('activate.titleFor', { product: shown.product })}</PageTitle>
        <p role="status">{t(shown.approved ? 'activate.approved' : 'activate.denied', { product: shown.product })}</p>
      </>
    );

  const { request } = shown;
  const product = request.product.name;
  const decide = async (action: 'approve' | 'deny') => {
    if (sending) return;
    if (action === 'approve' && chosen === null) return setProblem(t('activate.chooseLicense'));
    setSending(action);
    setProblem(null);
    try {
      if (action === 'approve') await approveActivation(api, code, chosen!);
      else await denyActivation(api, code);
      setShown({ name: 'decided', approved: action === 'approve', product });
    } catch (error) {
      setProblem(errorMessage(error, t('activate.failed')));
    } finally {
      setSending(null);
    }
  };

  return (
    <>
      <PageTitle>{t('activate.titleFor', { product })}</PageTitle>
      <section aria-label={t('activate.request')}>
        <Details>
          <dt>{t('activate.codeLabel')}</dt>
          <dd>
            <code>{request.user_code}</code>
          </dd>
          <dt>{t('activate.computer')}</dt>
          <dd>{request.machine_name ?? t('activate.unnamed')}</dd>
          <dt>{t('activate.fingerprint')}</dt>
          <dd>
            <code>{request.hardware_fingerprint}</code>
          </dd>
          <dt>{t('activate.validUntil')}</dt>
          <dd>{formatDateTime(request.expires_at)}</dd>
        </Details>
      </section>
      <form
        aria-label={t('activate.titleFor', { product })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void decide('approve');
        }}
      >
        {request.licenses.length > 0 ? (
          <LicensePicker licenses={request.licenses} chosen={chosen} onChoose={setChosen} />
        ) : (
          <p>
            {t('activate.noLicense', { product })}{' '}
            <Link to={`..${portalLink('licenses')}`}>{t('activate.myLicenses')}</Link>
          </p>
        )}
        {problem && <ErrorText>{problem}</ErrorText>}
        <div>
          {request.licenses.length > 0 && (
            <Button type="submit" variant="primary" disabled={sending !== null}>
              {sending === 'approve' ? t('activate.approving') : t('activate.approve')}
            </Button>
          )}{' '}
          <Button type="button" disabled={sending !== null} onClick={() => void decide('deny')}>
            {sending === 'deny' ? t('activate.denying') : t('activate.deny')}
          </Button>
        </div>
      </form>
    </>
  );
}
