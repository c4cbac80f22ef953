import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Dialog,
  Table,
  Tabs,
  formatDateTime,
  type ReceivedLicenseTransfer,
  type SentLicenseTransfer,
  type TableColumn,
} from 'shared-kit';

const Serial = styled.code`
  font-family: ${({ theme }) => theme.font.monospace};
  white-space: nowrap;
`;

type Transfer = SentLicenseTransfer | ReceivedLicenseTransfer;

/** What either direction shows after the other user: the licence and when it moved. */
const LICENSE_COLUMNS: TableColumn<Transfer>[] = [
  { id: 'product', header: 'Product', cell: (transfer) => transfer.license.product.name },
  { id: 'serial', header: 'Serial', cell: (transfer) => <Serial>{transfer.license.serial}</Serial> },
  { id: 'date', header: 'Transfer Date', cell: (transfer) => formatDateTime(transfer.created_at) },
];

const SENT_COLUMNS: TableColumn<SentLicenseTransfer>[] = [
  { id: 'to', header: 'To User', cell: (transfer) => transfer.to_user.email },
  ...LICENSE_COLUMNS,
];

const RECEIVED_COLUMNS: TableColumn<ReceivedLicenseTransfer>[] = [
  { id: 'from', header: 'From User', cell: (transfer) => transfer.from_user.email },
  ...LICENSE_COLUMNS,
];

/** One tab of the dialog: the transfers of one direction, in a table captioned with the tab's label. */
function transfersTab<T extends Transfer>(direction: 'Sent' | 'Received', columns: TableColumn<T>[], rows: T[]) {
  const label = `${direction} Transfers`;
  return {
    id: direction.toLowerCase(),
    label,
    content: (
      <Table
        columns={columns}
        rows={rows}
        getRowId={(transfer) => transfer.id}
        emptyText={`No ${direction.toLowerCase()} license transfers found.`}
        caption={label}
      />
    ),
  };
}

export interface LicenseTransfersProps {
  sent: SentLicenseTransfer[];
  received: ReceivedLicenseTransfer[];
}

/** 'View License Transfers' and its dialog: licences this user sent and received, one tab each. */
export function LicenseTransfers({ sent, received }: LicenseTransfersProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>View License Transfers</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="License Transfers"
        width="820px"
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
      >
        <Tabs
          label="License transfers"
          tabs={[transfersTab('Sent', SENT_COLUMNS, sent), transfersTab('Received', RECEIVED_COLUMNS, received)]}
        />
      </Dialog>
    </>
  );
}
