import { Link } from 'react-router';
import type { OrderLicense, OrderLine, TableColumn } from 'shared-kit';
import { licensingLinks } from 'shared-kit/pages';

/** A licence's state as the licence lists say it: active, or deactivated with its reason. */
export const licenseStateWords = (license: Pick<OrderLicense, 'disabled' | 'disabled_reason'>): string =>
  license.disabled ? `Deactivated${license.disabled_reason ? ` (${license.disabled_reason})` : ''}` : 'Active';

/** The licences an order created: each serial leads to its product's licences. */
export function orderLicenseColumns(lines: OrderLine[]): TableColumn<OrderLicense>[] {
  const productName = (productId: number) => lines.find((line) => line.product_id === productId)?.product_name ?? '';
  return [
    {
      id: 'serial',
      header: 'Serial',
      cell: (license) => (
        <Link
          to={licensingLinks.productLicenses({
            id: license.product_id,
            name: productName(license.product_id),
            identifier: '',
          })}
          aria-label={`License ${license.serial} in the licenses of ${productName(license.product_id)}`}
        >
          <code>{license.serial}</code>
        </Link>
      ),
    },
    { id: 'product', header: 'Product', cell: (license) => productName(license.product_id) },
    { id: 'type', header: 'Type', cell: (license) => license.license_type },
    { id: 'state', header: 'State', cell: (license) => licenseStateWords(license) },
  ];
}

export const orderLineColumns: TableColumn<OrderLine>[] = [
  { id: 'product', header: 'Product', cell: (line) => line.product_name },
  { id: 'type', header: 'License type', cell: (line) => line.license_type },
  { id: 'quantity', header: 'Quantity', cell: (line) => line.quantity },
];
