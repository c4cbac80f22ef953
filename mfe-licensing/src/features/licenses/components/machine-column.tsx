import styled from 'styled-components';
import type { TableColumn } from 'shared-kit';

/** What a machine shows of itself: the name its plugin reported (when it did) and its fingerprint. */
export interface NamedMachine {
  name: string | null;
  hardware_fingerprint: string;
}

/** A machine in words: the name its plugin reported with its fingerprint, or the fingerprint alone. */
export const machineLabel = (machine: NamedMachine) =>
  machine.name === null ? machine.hardware_fingerprint : `${machine.name} (${machine.hardware_fingerprint})`;

const Name = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const Fingerprint = styled.code`
  word-break: break-all;
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The Machine column of the machines and seats tables: the name above the fingerprint. */
export function machineColumn<Row extends NamedMachine>(): TableColumn<Row> {
  return {
    id: 'machine',
    header: 'Machine',
    cell: (machine) => (
      <>
        {machine.name !== null && <Name>{machine.name}</Name>}
        <Fingerprint>{machine.hardware_fingerprint}</Fingerprint>
      </>
    ),
  };
}
