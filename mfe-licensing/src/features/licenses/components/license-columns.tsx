import styled from 'styled-components';
import { Button, Checkbox, type License, type TableColumn } from 'shared-kit';
import { DateTimeCell } from './DateTimeCell';

export interface LicenseRowActions {
  onDeactivatedChange: (license: License, deactivated: boolean) => void;
  onTransfer: (license: License) => void;
  onDownload: (license: License) => void;
  onMachines: (license: License) => void;
  onHistory: (license: License) => void;
}

/** Which list the table shows: a product's licences, or one user's (then with the product columns). */
export type LicenseView = 'product' | 'user';

const Reason = styled.span`
  margin-left: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

// Stacked, so the many columns of the table fit a laptop screen.
// Side by side: the actions column is pinned to the table's right edge, and one line keeps the rows short.
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Serial = styled.code`
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.small};
`;

const text = (value: string | null) => value ?? '';

/** The columns of SPEC §2 Licences; the user view adds Product Series, Product Identifier and Product Name. */
export function licenseColumns(view: LicenseView, actions: LicenseRowActions): TableColumn<License>[] {
  const productColumns: TableColumn<License>[] =
    view === 'user'
      ? [
          { id: 'product-series', header: 'Product Series', cell: (license) => text(license.product.series) },
          { id: 'product-identifier', header: 'Product Identifier', cell: (license) => text(license.product.identifier) },
          { id: 'product-name', header: 'Product Name', cell: (license) => license.product.name },
        ]
      : [];
  return [
    { id: 'id', header: 'ID', cell: (license) => license.id, width: '72px' },
    ...productColumns,
    { id: 'email', header: 'Email', cell: (license) => license.user.email },
    { id: 'type', header: 'Type', cell: (license) => license.license_type },
    { id: 'serial', header: 'Serial', cell: (license) => <Serial>{license.serial}</Serial> },
    {
      id: 'deactivated',
      header: 'Deactivated',
      cell: (license) => (
        <>
          <Checkbox checked={license.disabled} onCheckedChange={(checked) => actions.onDeactivatedChange(license, checked)} aria-label={`Deactivated ${license.serial}`} />
          {license.disabled_reason && <Reason>{license.disabled_reason}</Reason>}
        </>
      ),
    },
    { id: 'created', header: 'Created At', cell: (license) => <DateTimeCell value={license.created_at} /> },
    { id: 'updated', header: 'Updated At', cell: (license) => <DateTimeCell value={license.updated_at} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (license) => (
        <Actions>
          <Button size="small" onClick={() => actions.onDownload(license)} aria-label={`Download license ${license.serial}`}>
            Download
          </Button>
          <Button size="small" onClick={() => actions.onTransfer(license)} aria-label={`Transfer license ${license.serial}`}>
            Transfer
          </Button>
          <Button size="small" onClick={() => actions.onMachines(license)} aria-label={`Machines of license ${license.serial}`}>
            Machines
          </Button>
          <Button size="small" onClick={() => actions.onHistory(license)} aria-label={`History of license ${license.serial}`}>
            History
          </Button>
        </Actions>
      ),
    },
  ];
}
