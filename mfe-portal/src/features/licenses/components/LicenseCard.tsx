import { useId } from 'react';
import styled from 'styled-components';
import { CopyButton, type PortalLicense } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { Details, ItemCard } from '../../../shared/components/Details';
import { MachineList } from './MachineList';

const Serial = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};

  code {
    font-family: ${({ theme }) => theme.font.monospace};
    overflow-wrap: anywhere;
  }
`;

const State = styled.span<{ $active: boolean }>`
  color: ${({ theme, $active }) => ($active ? theme.colors.success : theme.colors.danger)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** One licence: product, type, serial (with copy), state, machines in use of the limit and each machine. */
export function LicenseCard({ license, onChanged }: { license: PortalLicense; onChanged: () => void }) {
  const { t, formatDateTime } = useMessages();
  const titleId = useId();
  const state =
    license.state === 'disabled' && license.disabled_reason
      ? t(`disabledReason.${license.disabled_reason}`)
      : t(`licenseState.${license.state}`);
  return (
    <ItemCard aria-labelledby={titleId}>
      <h2 id={titleId}>{license.product.name}</h2>
      <Details>
        <dt>{t('license.type')}</dt>
        <dd>{t(`licenseType.${license.license_type}`)}</dd>
        <dt>{t('license.serial')}</dt>
        <dd>
          <Serial>
            <code>{license.serial}</code>
            <CopyButton
              value={license.serial}
              label={t('license.copySerial')}
              copiedText={t('license.copied')}
              failedText={t('license.copyFailed')}
            />
          </Serial>
        </dd>
        <dt>{t('license.state')}</dt>
        <dd>
          <State $active={license.state === 'active'}>{state}</State>
        </dd>
        <dt>{t('license.since')}</dt>
        <dd>{formatDateTime(license.created_at)}</dd>
        <dt>{t('license.machines')}</dt>
        <dd>
          <p>{t('license.machinesInUse', { used: license.machines_in_use, limit: license.machine_limit })}</p>
          <MachineList licenseId={license.id} machines={license.machines} onChanged={onChanged} />
        </dd>
      </Details>
    </ItemCard>
  );
}
