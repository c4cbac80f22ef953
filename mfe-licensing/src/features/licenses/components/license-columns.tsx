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

// The cells are plain elements (the table shows up to 250 rows): LicenseTable's layout styles them by these classes.
export const cellClass = { reason: 'license-reason', actions: 'license-actions', serial: 'license-serial' } as const;

const text = (value: string | null) => value ?? '';

/** The columns of docs/console.md, Licence table; the user view adds Product Series, Product Identifier and Product Name. */
export function licenseColumns(view: LicenseView, actions: LicenseRowActions): TableColumn<License>[] {
  const productColumns: TableColumn<License>[] =
    view === 'user'
      ? [
          { id: 'product-series', header: 'Product Series', cell: (license) => text(license.product.series) },
          {
            id: 'product-identifier',
            header: 'Product Identifier',
            cell: (license) => text(license.product.identifier),
          },
          { id: 'product-name', header: 'Product Name', cell: (license) => license.product.name },
        ]
      : [];
  return [
    { id: 'id', header: 'ID', cell: (license) => license.id, width: '72px' },
    ...productColumns,
    { id: 'email', header: 'Email', cell: (license) => license.user.email },
    { id: 'type', header: 'Type', cell: (license) => license.license_type },
    { id: 'serial', header: 'Serial', cell: (license) => <code className={cellClass.serial}>{license.serial}</code> },
    {
      id: 'deactivated',
      header: 'Deactivated',
      cell: (license) => (
        <>
          <Checkbox
            checked={license.disabled}
            onCheckedChange={(checked) => actions.onDeactivatedChange(license, checked)}
            aria-label={`Deactivated ${license.serial}`}
          />
          {license.disabled_reason && <span className={cellClass.reason}>{license.disabled_reason}</span>}
        </>
      ),
    },
    { id: 'created', header: 'Created At', cell: (license) => <DateTimeCell value={license.created_at} /> },
    { id: 'updated', header: 'Updated At', cell: (license) => <DateTimeCell value={license.updated_at} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (license) => (
        <div className={cellClass.actions}>
          <Button
            size="small"
            onClick={() => actions.onDownload(license)}
            aria-label={`Download license ${license.serial}`}
          >
            Download
          </Button>
          <Button
            size="small"
            onClick={() => actions.onTransfer(license)}
            aria-label={`Transfer license ${license.serial}`}
          >
            Transfer
          </Button>
          <Button
            size="small"
            onClick={() => actions.onMachines(license)}
            aria-label={`Machines of license ${license.serial}`}
          >
            Machines
          </Button>
          <Button
            size="small"
            onClick={() => actions.onHistory(license)}
            aria-label={`History of license ${license.serial}`}
          >
            History
          </Button>
        </div>
      ),
    },
  ];
}
