import { useState } from 'react';
import styled from 'styled-components';
import { ErrorText, type PortalMachine } from 'shared-kit';
import { useMessages } from '../../../messages/messages';
import { FreeMachineButton } from './FreeMachineButton';

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

const Outcome = styled.p`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
`;

export interface MachineListProps {
  licenseId: number;
  machines: PortalMachine[];
  /** A machine was freed: the licences are read again. */
  onChanged: () => void;
}

/**
 * The machines a licence is activated on: each one's name (its fingerprint below it), or its fingerprint when the
 * plugin reported no name; when it was activated and last seen, and "Free this machine".
 */
export function MachineList({ licenseId, machines, onChanged }: MachineListProps) {
  const { t, formatDateTime } = useMessages();
  const [outcome, setOutcome] = useState<{ text: string; refused: boolean } | null>(null);
  const labelOf = (machine: PortalMachine) =>
    machine.name ?? t('machine.fingerprint', { fingerprint: machine.hardware_fingerprint });
  const said =
    outcome &&
    (outcome.refused ? <ErrorText>{outcome.text}</ErrorText> : <Outcome role="status">{outcome.text}</Outcome>);
  if (machines.length === 0)
    return (
      <>
        <p>{t('license.noMachines')}</p>
        {said}
      </>
    );
  return (
    <>
      <List>
        {machines.map((machine) => (
          <li key={machine.id}>
            <Name>{labelOf(machine)}</Name>
            {machine.name !== null && (
              <When>{t('machine.fingerprint', { fingerprint: machine.hardware_fingerprint })}</When>
            )}
            <When>
              {t('machine.activated')}: {formatDateTime(machine.activated_at)}
            </When>
            <When>
              {t('machine.lastSeen')}: {formatDateTime(machine.last_seen_at)}
            </When>
            <FreeMachineButton
              licenseId={licenseId}
              machine={machine}
              machineLabel={labelOf(machine)}
              onFreed={(freed) => {
                setOutcome({
                  text: t('freeMachine.done', { machine: labelOf(machine), left: freed.deactivations_left }),
                  refused: false,
                });
                onChanged();
              }}
              onRefused={(text) => setOutcome({ text, refused: true })}
            />
          </li>
        ))}
      </List>
      {said}
    </>
  );
}
