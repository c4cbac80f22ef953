import {
  USER_IMPORT_LISTED_ROWS,
  type UserImportExistingRow,
  type UserImportInvalidRow,
  type UserImportPreview,
} from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { newLicenseSerial } from '../../licenses/serial';
import { existingUsersByEmail, productsByIdentifier, stageImport, type StagedRow } from '../queries/user-imports';
import { parseUserCsv } from './user-csv';

/** Rows sorted between two turns of the event loop, so a large file never holds it for long. */
const ROWS_PER_TURN = 2000;
const otherRequestsFirst = () => new Promise((resolve) => setImmediate(resolve));

export const unknownProduct = (identifier: string) =>
  `no product of yours has the identifier "${identifier.slice(0, 100)}"`;

/**
 * The dry run: every row of the file checked (the file's own rules, then products and existing users in two
 * queries for the whole file), the rows to create staged for the apply, and what the person must see.
 */
export async function previewUserImport(
  db: Db,
  manufacturerId: number,
  createdBy: number | null,
  csv: Buffer | string,
): Promise<UserImportPreview> {
  const { rows, ignoredColumns } = await parseUserCsv(csv);
  const identifiers = [
    ...new Set(
      rows.filter((row) => !row.problem && row.productIdentifier).map((row) => row.productIdentifier!.toLowerCase()),
    ),
  ];
  const products = await productsByIdentifier(db, manufacturerId, identifiers);
  for (const row of rows) {
    if (!row.problem && row.productIdentifier && !products.has(row.productIdentifier.toLowerCase()))
      row.problem = unknownProduct(row.productIdentifier);
  }
  const existingUsers = await existingUsersByEmail(
    db,
    manufacturerId,
    rows.filter((row) => !row.problem).map((row) => row.email.toLowerCase()),
  );

  const invalidRows: UserImportInvalidRow[] = [];
  const existingRows: UserImportExistingRow[] = [];
  const staged: StagedRow[] = [];
  let invalid = 0;
  let existing = 0;
  for (const [index, row] of rows.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await otherRequestsFirst();
    const userId = row.problem ? undefined : existingUsers.get(row.email.toLowerCase());
    if (row.problem) {
      invalid++;
      if (invalidRows.length < USER_IMPORT_LISTED_ROWS)
        invalidRows.push({ line: row.line, email: row.email.slice(0, 320), reason: row.problem });
    } else if (userId !== undefined) {
      existing++;
      if (existingRows.length < USER_IMPORT_LISTED_ROWS)
        existingRows.push({ line: row.line, email: row.email, user_id: userId });
    } else {
      const productId = row.productIdentifier ? products.get(row.productIdentifier.toLowerCase())! : null;
      staged.push({
        line: row.line,
        email: row.email,
        external_id: row.externalId,
        product_id: productId,
        license_type: productId === null ? null : row.licenseType,
        serial: productId === null ? null : newLicenseSerial(),
      });
    }
  }
  const licensesToCreate = staged.filter((row) => row.product_id !== null).length;
  const counts = { rowCount: rows.length, toCreate: staged.length, licensesToCreate, existing, invalid };
  const { id, expires_at } = await stageImport(db, manufacturerId, createdBy, counts, invalid > 0 ? [] : staged);
  return {
    id,
    manufacturer_id: manufacturerId,
    rows: rows.length,
    to_create: staged.length,
    licenses_to_create: licensesToCreate,
    existing,
    invalid,
    invalid_rows: invalidRows,
    existing_rows: existingRows,
    ignored_columns: ignoredColumns,
    expires_at: expires_at.toISOString(),
  };
}
