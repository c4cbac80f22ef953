import type { ListState } from 'shared-kit';
import { licenseKeys, type LicenseSource } from 'shared-kit/data';

/** GET /products/{id}/licenses or GET /users/{id}/licenses: the page of licences a list state asks for (owner email search on product lists only). */
export const licensesKey = (source: LicenseSource, { page, perPage, search }: ListState) =>
  licenseKeys.list(source, { page, per_page: perPage, email: 'productId' in source ? search : undefined });
