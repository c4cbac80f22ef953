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

const SENT_COLUMNS: TableColumn<SentLicenseTransfer>[] = [
  { id: 'to', header: 'To User', cell: (transfer) => transfer.to_user.email },
  { id: 'product', header: 'Product', cell: (transfer) => transfer.license.product.name },
  { id: 'serial', header: 'Serial', cell: (transfer) => <Serial>{transfer.license.serial}</Serial> },
  { id: 'date', header: 'Transfer Date', cell: (transfer) => formatDateTime(transfer.created_at) },
];

const RECEIVED_COLUMNS: TableColumn<ReceivedLicenseTransfer>[] = [
  { id: 'from', header: 'From User', cell: (transfer) => transfer.from_user.email },
  { id: 'product', header: 'Product', cell: (transfer) => transfer.license.product.name },
  { id: 'serial', header: 'Serial', cell: (transfer) => <Serial>{transfer.license.serial}</Serial> },
  { id: 'date', header: 'Transfer Date', cell: (transfer) => formatDateTime(transfer.created_at) },
];

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
          tabs={[
            {
              id: 'sent',
              label: 'Sent Transfers',
              content: (
                <Table
                  columns={SENT_COLUMNS}
                  rows={sent}
                  getRowId={(transfer) => transfer.id}
                  emptyText="No sent license transfers found."
                  caption="Sent Transfers"
                />
              ),
            },
            {
              id: 'received',
              label: 'Received Transfers',
              content: (
                <Table
                  columns={RECEIVED_COLUMNS}
                  rows={received}
                  getRowId={(transfer) => transfer.id}
                  emptyText="No received license transfers found."
                  caption="Received Transfers"
                />
              ),
            },
          ]}
        />
      </Dialog>
    </>
  );
}
