import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button, errorMessage, useApiClient, type PortalRedeemed } from 'shared-kit';
import { portalLink } from 'shared-kit/pages';
import { useMessages } from '../../../messages/messages';
import { PageTitle } from '../../../shared/components/Details';
import { OneFieldForm } from '../../../shared/components/OneFieldForm';
import { redeemSerial } from '../api/redeem-serial';

const LICENSES_PATH = '/portal/licenses';

/** /redeem: the customer types a reseller's serial; it becomes their licence (the server says why not in its words). */
export default function RedeemPage() {
  const { t } = useMessages();
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const [redeemed, setRedeemed] = useState<PortalRedeemed | null>(null);
  return (
    <>
      <PageTitle>{t('redeem.title')}</PageTitle>
      <p>{t('redeem.intro')}</p>
      {redeemed ? (
        <>
          <p role="status">
            {t('redeem.done', {
              product: redeemed.product.name,
              type: redeemed.license_type,
              serial: redeemed.serial,
            })}
          </p>
          <p>
            <Link to={portalLink('licenses')}>{t('redeem.toLicenses')}</Link>
          </p>
          <Button onClick={() => setRedeemed(null)}>{t('redeem.another')}</Button>
        </>
      ) : (
        <OneFieldForm
          formLabel={t('redeem.form')}
          label={t('redeem.serial')}
          submitText={t('redeem.submit')}
          inputProps={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', maxLength: 64 }}
          problemOf={(value) => (value.trim() ? null : t('redeem.empty'))}
          onSubmit={async (value) => {
            const answer = await redeemSerial(api, value.trim());
            // The new licence is listed at once: every cached page of My licenses is read afresh when next shown.
            void mutate((key) => Array.isArray(key) && key[0] === LICENSES_PATH);
            setRedeemed(answer);
          }}
          failedText={(error) => errorMessage(error, t('redeem.failed'))}
        />
      )}
    </>
  );
}
