import { useApiResource, type PortalDownloadList, type ResourceResult } from 'shared-kit';

/** GET /portal/downloads: the installers the customer may download, by OS, newest first, with signed links. */
export const useMyDownloads = (): ResourceResult<PortalDownloadList> =>
  useApiResource<PortalDownloadList>('/portal/downloads');

/** A download link as the server gives it (a path of the API's origin), made absolute against where the API lives. */
export const downloadHref = (apiBaseUrl: string, url: string) =>
  new URL(url, new URL(apiBaseUrl, window.location.href)).toString();
