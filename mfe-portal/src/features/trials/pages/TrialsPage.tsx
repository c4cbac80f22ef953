import { useSearchParams } from 'react-router';
import { useMessages } from '../../../messages/messages';
import { ItemList, PageTitle } from '../../../shared/components/Details';
import { Empty, LoadFailed, Loading } from '../../../shared/components/PageState';
import { Pager } from '../../../shared/components/Pager';
import { pageOf } from '../../../shared/page-param';
import { useMyTrials } from '../api/get-my-trials';
import { TrialCard } from '../components/TrialCard';

/** /trials: which trials run on the customer's machines and when they end. */
export default function TrialsPage() {
  const { t } = useMessages();
  const [search, setSearch] = useSearchParams();
  const { rows, pagination, isLoading, error, mutate } = useMyTrials(pageOf(search));
  return (
    <>
      <PageTitle>{t('trials.title')}</PageTitle>
      {isLoading && <Loading label={t('trials.loading')} />}
      {error && <LoadFailed text={t('trials.failed')} onRetry={() => void mutate()} />}
      {!isLoading && !error && rows.length === 0 && <Empty text={t('trials.empty')} />}
      {rows.length > 0 && (
        <ItemList>
          {rows.map((trial) => (
            <TrialCard key={trial.id} trial={trial} />
          ))}
        </ItemList>
      )}
      <Pager pagination={pagination} onPage={(page) => setSearch({ page: String(page) })} />
    </>
  );
}
