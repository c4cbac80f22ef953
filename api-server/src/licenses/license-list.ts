import type { Db } from '../db/database';
import { notFound } from '../lib/http-error';
import { pageRequest, pagination } from '../lib/paging';
import { rawPage } from '../lib/raw-json';
import { listLicenses, type LicenseScope } from './queries/licenses';

/**
 * A page of a product's or an end user's licences (another manufacturer's product or user answers 404), as the
 * JSON text of a `LicenseList`: the rows are PostgreSQL's, never parsed here.
 */
export async function licenseList(
  db: Db,
  manufacturerId: number,
  scope: LicenseScope,
  query: { page?: number; per_page?: number; email?: string },
): Promise<string> {
  const page = pageRequest(query);
  const found = await listLicenses(db, manufacturerId, scope, query.email?.trim() || undefined, page);
  if (!found) throw notFound('productId' in scope ? 'Product' : 'User');
  return rawPage(found.rowsJson, pagination(found.total, page));
}
