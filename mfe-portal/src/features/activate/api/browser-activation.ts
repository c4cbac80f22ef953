import type { ApiClient, PortalBrowserActivation, PortalBrowserActivationDecided } from 'shared-kit';

const requestPath = (code: string) => `/portal/browser-activations/${encodeURIComponent(code)}`;

/** GET /portal/browser-activations/{code}: the plugin's request, and the customer's licences that can take it. */
export const lookUpActivation = (api: ApiClient, code: string) => api.get<PortalBrowserActivation>(requestPath(code));

/** POST …/approve: activates the machine with the licence; the plugin receives its licence file. */
export const approveActivation = (api: ApiClient, code: string, licenseId: number) =>
  api.post<PortalBrowserActivationDecided>(`${requestPath(code)}/approve`, { license_id: licenseId });

/** POST …/deny: refuses the request; the plugin is told. */
export const denyActivation = (api: ApiClient, code: string) =>
  api.post<PortalBrowserActivationDecided>(`${requestPath(code)}/deny`);
