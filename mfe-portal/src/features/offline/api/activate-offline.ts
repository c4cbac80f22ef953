import type { ApiClient, LicenseFile, PortalLicense, PortalLicenseList, PortalOfflineActivationBody } from 'shared-kit';
import { MAX_PAGE_SIZE } from 'shared-kit';

/** POST /portal/licenses/{id}/offline-activations: the signed licence file for the machine of the uploaded request. */
export const activateOffline = (api: ApiClient, licenseId: number, body: PortalOfflineActivationBody) =>
  api.post<LicenseFile>(`/portal/licenses/${licenseId}/offline-activations`, body);

/** The customer's licence of this product and serial, looked up page by page (GET /portal/licenses), or undefined. */
export async function findMyLicense(
  api: ApiClient,
  productIdentifier: string,
  serial: string,
): Promise<PortalLicense | undefined> {
  for (let page = 1; ; page++) {
    const list = await api.get<PortalLicenseList>('/portal/licenses', { page, per_page: MAX_PAGE_SIZE });
    const found = list.data.find(
      (license) => license.product.identifier === productIdentifier && license.serial === serial,
    );
    if (found || list.pagination.pages.next === null || list.data.length === 0) return found;
  }
}
