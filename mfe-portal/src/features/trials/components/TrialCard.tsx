import { useId } from 'react';
import type { PortalTrial } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { Details, ItemCard } from '../../../shared/components/Details';

/** One trial: the machine it runs on, when it started and when it ends. */
export function TrialCard({ trial }: { trial: PortalTrial }) {
  const { t, formatDateTime } = useMessages();
  const titleId = useId();
  return (
    <ItemCard aria-labelledby={titleId}>
      <h2 id={titleId}>{trial.product.name}</h2>
      <Details>
        <dt>{t('trial.machine')}</dt>
        <dd>{trial.machine.name ?? t('machine.fingerprint', { fingerprint: trial.machine.hardware_fingerprint })}</dd>
        <dt>{t('trial.started')}</dt>
        <dd>{formatDateTime(trial.started_at)}</dd>
        <dt>{t('trial.ends')}</dt>
        <dd>
          {trial.ends_at ? formatDateTime(trial.ends_at) : t('trial.noEnd')} (
          {trial.running ? t('trial.running') : t('trial.ended')})
        </dd>
      </Details>
    </ItemCard>
  );
}
