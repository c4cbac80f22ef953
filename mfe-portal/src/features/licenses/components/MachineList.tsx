import styled from 'styled-components';
import type { PortalMachine } from 'shared-kit';
import { useMessages } from '../../../messages/messages';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li + li {
    margin-top: ${({ theme }) => theme.spacing.sm};
    padding-top: ${({ theme }) => theme.spacing.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Name = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const When = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The machines a licence is activated on: each one's name (or fingerprint), when it was activated and last seen. */
export function MachineList({ machines }: { machines: PortalMachine[] }) {
  const { t, formatDateTime } = useMessages();
  if (machines.length === 0) return <p>{t('license.noMachines')}</p>;
  return (
    <List>
      {machines.map((machine) => (
        <li key={machine.id}>
          <Name>{machine.name ?? t('machine.fingerprint', { fingerprint: machine.hardware_fingerprint })}</Name>
          <When>
            {t('machine.activated')}: {formatDateTime(machine.activated_at)}
          </When>
          <When>
            {t('machine.lastSeen')}: {formatDateTime(machine.last_seen_at)}
          </When>
        </li>
      ))}
    </List>
  );
}
