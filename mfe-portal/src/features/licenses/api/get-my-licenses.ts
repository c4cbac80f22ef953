import { usePagedList, type PagedListResult, type PortalLicense } from 'shared-kit';

/** GET /portal/licenses: the signed-in customer's licences with their machines, newest first. */
export const myLicensesKey = (page: number) => ['/portal/licenses', { page }] as const;

export const useMyLicenses = (page: number): PagedListResult<PortalLicense> =>
  usePagedList<PortalLicense>(myLicensesKey(page));
