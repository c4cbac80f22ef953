import type { License } from 'shared-kit/contract';
import { apiTimestamp } from '../api-shapes/timestamps';

/** A licence joined with its owner and product; a page's timestamps come already formatted by `apiTimestampSql`. */
export interface LicenseRow {
  id: number;
  serial: string;
  license_type: License['license_type'];
  disabled: boolean;
  disabled_reason: License['disabled_reason'];
  created_at: Date | string;
  updated_at: Date | string;
  user_id: number;
  user_email: string;
  product_id: number;
  product_name: string;
  product_identifier: string | null;
  product_series: string | null;
}

const timestampOf = (value: Date | string) => (typeof value === 'string' ? value : apiTimestamp(value));

export function toLicense(row: LicenseRow): License {
  return {
    id: row.id,
    serial: row.serial,
    license_type: row.license_type,
    disabled: row.disabled,
    disabled_reason: row.disabled_reason,
    created_at: timestampOf(row.created_at),
    updated_at: timestampOf(row.updated_at),
    user_id: row.user_id,
    user: { email: row.user_email },
    product_id: row.product_id,
    product: { id: row.product_id, name: row.product_name, identifier: row.product_identifier, series: row.product_series },
  };
}
