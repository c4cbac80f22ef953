import { useMessages } from '../../../messages/messages';
import { PageTitle } from '../../../shared/components/Details';
import { Empty, LoadFailed, Loading } from '../../../shared/components/PageState';
import { useMyDownloads } from '../api/get-my-downloads';
import { DownloadGroup } from '../components/DownloadGroup';

/** /downloads: the installers the customer's licenses entitle them to, per OS, newest first. */
export default function DownloadsPage() {
  const { t } = useMessages();
  const { data, isLoading, error, mutate } = useMyDownloads();
  const downloads = data?.data ?? [];
  // The server answers them grouped by OS, newest first within each.
  const systems = [...new Set(downloads.map((download) => download.os))];
  return (
    <>
      <PageTitle>{t('downloads.title')}</PageTitle>
      <p>{t('downloads.intro')}</p>
      {isLoading && <Loading label={t('downloads.loading')} />}
      {error && <LoadFailed text={t('downloads.failed')} onRetry={() => void mutate()} />}
      {data && downloads.length === 0 && <Empty text={t('downloads.empty')} />}
      {systems.map((os) => (
        <DownloadGroup key={os} os={os} downloads={downloads.filter((download) => download.os === os)} />
      ))}
    </>
  );
}
