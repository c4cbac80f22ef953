import { useId } from 'react';
import styled from 'styled-components';
import { useApiClient, type PortalDownload } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { Details, ItemCard, ItemList } from '../../../shared/components/Details';
import { downloadHref } from '../api/get-my-downloads';

const Link = styled.a`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const megabytes = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1_000_000);

/** The installers for one OS, newest first: product and version, release date, size and the download link. */
export function DownloadGroup({ os, downloads }: { os: string; downloads: PortalDownload[] }) {
  const { t, formatDateTime, locale } = useMessages();
  const api = useApiClient();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t(os === 'any' ? 'downloads.anyOs' : 'downloads.os', { os })}</h2>
      <ItemList>
        {downloads.map((download) => (
          <ItemCard
            key={`${download.release_id}-${download.name}`}
            aria-label={`${download.product.name} ${download.version}`}
          >
            <h3>
              {download.product.name} {download.version}
            </h3>
            <Details>
              <dt>{t('downloads.channel')}</dt>
              <dd>{download.channel}</dd>
              <dt>{t('downloads.released')}</dt>
              <dd>{formatDateTime(download.released_at)}</dd>
              <dt>{t('downloads.size')}</dt>
              <dd>{t('downloads.megabytes', { size: megabytes(download.size, locale) })}</dd>
            </Details>
            <Link href={downloadHref(api.baseUrl, download.url)} download={download.name}>
              {t('downloads.download', { name: download.name })}
            </Link>
          </ItemCard>
        ))}
      </ItemList>
    </section>
  );
}
