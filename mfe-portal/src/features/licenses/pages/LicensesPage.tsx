import { useSearchParams } from 'react-router';
import { useMessages } from '../../../messages/messages';
import { ItemList, PageTitle } from '../../../shared/components/Details';
import { Empty, LoadFailed, Loading } from '../../../shared/components/PageState';
import { Pager } from '../../../shared/components/Pager';
import { usePortalDescriptorValue } from '../../../shared/descriptor-context';
import { pageOf } from '../../../shared/page-param';
import { useMyLicenses } from '../api/get-my-licenses';
import { LicenseCard } from '../components/LicenseCard';

/** /licenses: the signed-in customer's licences, newest first, a page at a time. */
export default function LicensesPage() {
  const { t } = useMessages();
  const { manufacturer_name: manufacturer } = usePortalDescriptorValue();
  const [search, setSearch] = useSearchParams();
  const { rows, pagination, isLoading, error, mutate } = useMyLicenses(pageOf(search));
  return (
    <>
      <PageTitle>{t('licenses.title')}</PageTitle>
      {isLoading && <Loading label={t('licenses.loading')} />}
      {error && <LoadFailed text={t('licenses.failed')} onRetry={() => void mutate()} />}
      {!isLoading && !error && rows.length === 0 && <Empty text={t('licenses.empty', { manufacturer })} />}
      {rows.length > 0 && (
        <ItemList>
          {rows.map((license) => (
            <LicenseCard key={license.id} license={license} />
          ))}
        </ItemList>
      )}
      <Pager pagination={pagination} onPage={(page) => setSearch({ page: String(page) })} />
    </>
  );
}
