import { useMemo } from 'react';
import styled from 'styled-components';
import { Button, Table, type LicenseLease, type TableColumn } from 'shared-kit';
import { useLicenseLeases } from '../api/get-license-leases';
import { DateTimeCell } from './DateTimeCell';
import { machineColumn, machineLabel } from './machine-column';

export const NO_SEATS_IN_USE = 'No seat is in use';
export const SEATS_NOT_LOADED = 'The seats could not be loaded.';

export const seatsInUse = (inUse: number, seats: number) => `Seats: ${inUse} of ${seats} in use`;

/** A lease in words: the machine holding it, as a machine is named. */
export const leaseLabel = (lease: LicenseLease) => machineLabel(lease);

const Heading = styled.h3`
  margin: ${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.size.normal};
`;

function leaseColumns(onRelease: (lease: LicenseLease) => void): TableColumn<LicenseLease>[] {
  return [
    machineColumn<LicenseLease>(),
    { id: 'since', header: 'Since', cell: (lease) => <DateTimeCell value={lease.checked_out_at} /> },
    { id: 'expires', header: 'Expires', cell: (lease) => <DateTimeCell value={lease.expires_at} /> },
    {
      id: 'borrowed',
      header: 'Borrowed Until',
      cell: (lease) => (lease.borrowed ? <DateTimeCell value={lease.expires_at} /> : 'Not borrowed'),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (lease) => (
        <Button
          size="small"
          variant="danger"
          onClick={() => onRelease(lease)}
          aria-label={`Release seat of ${leaseLabel(lease)}`}
        >
          Release
        </Button>
      ),
    },
  ];
}

export interface LicenseSeatsProps {
  licenseId: number;
  serial: string;
  onRelease: (lease: LicenseLease) => void;
}

/** A floating licence's seats in use and who holds them, with Release; nothing for a node-locked licence. */
export function LicenseSeats({ licenseId, serial, onRelease }: LicenseSeatsProps) {
  const { data, error, isLoading } = useLicenseLeases(licenseId);
  const columns = useMemo(() => leaseColumns(onRelease), [onRelease]);
  if (error)
    return (
      <p role="alert" aria-live="polite">
        {SEATS_NOT_LOADED}
      </p>
    );
  if (!data || data.seats === null) return null;
  return (
    <section aria-labelledby={`seats-of-${licenseId}`}>
      <Heading id={`seats-of-${licenseId}`}>{seatsInUse(data.leases.length, data.seats)}</Heading>
      <Table
        caption={`Seats in use of license ${serial}`}
        columns={columns}
        rows={data.leases}
        getRowId={(lease) => lease.id}
        isLoading={isLoading}
        emptyText={NO_SEATS_IN_USE}
      />
    </section>
  );
}
