import { usePagedList, type License } from 'shared-kit';
import { licenseKeys, type LicenseSource } from 'shared-kit/data';

export interface LicenseListQuery {
  page: number;
  perPage: number;
  /** Part of the owner's email (product lists only). */
  email?: string;
}

/** GET /products/{id}/licenses or GET /users/{id}/licenses: one page of licences. */
export const licensesKey = (source: LicenseSource, { page, perPage, email }: LicenseListQuery) =>
  licenseKeys.list(source, { page, per_page: perPage, email: 'productId' in source ? email : undefined });

export function useLicenses(source: LicenseSource, query: LicenseListQuery): ReturnType<typeof usePagedList<License>> {
  return usePagedList<License>(licensesKey(source, query));
}
