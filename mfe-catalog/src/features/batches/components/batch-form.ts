import type { CreateBatchBody, LicenseType } from 'shared-kit';

/** The contract's BATCH_SERIALS_MAX (its schema checks it), kept here so the page does not load the schema library. */
export const BATCH_SERIALS_MAX = 100_000;

export interface BatchFormValues {
  license_type: LicenseType;
  /** As typed: a whole number from 1 to 100,000. */
  count: string;
  reseller: string;
  note: string;
}

export const NEW_BATCH: BatchFormValues = { license_type: 'Standard', count: '', reseller: '', note: '' };

const numberFormat = new Intl.NumberFormat('en-US');
export const COUNT_RANGE = `Enter how many serials, a whole number from 1 to ${numberFormat.format(BATCH_SERIALS_MAX)}.`;
export const RESELLER_REQUIRED = 'Name the reseller the batch is for (up to 200 characters).';

/** The typed count as the server reads it: digits only (spaces and thousands separators allowed), else not a number. */
export function countOf(typed: string): number {
  const digits = typed.replace(/[\s,._']/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

export const batchBody = (values: BatchFormValues): CreateBatchBody => ({
  license_type: values.license_type,
  count: countOf(values.count),
  reseller: values.reseller.trim(),
  note: values.note.trim() || null,
});

/** Serials of a batch nobody has redeemed or voided: what a void would void. */
export const unsoldOf = (batch: { count: number; redeemed_count: number; voided_count: number }) =>
  batch.count - batch.redeemed_count - batch.voided_count;

export const formatCount = (count: number) => numberFormat.format(count);
