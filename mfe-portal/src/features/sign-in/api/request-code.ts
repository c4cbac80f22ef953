import type { ApiClient, PortalCodeRequestBody, PortalCodeRequestResult } from 'shared-kit';

/** POST /portal/{slug}/sign-in/code: mails a code and a link (202, the same answer for any address). */
export const requestSignInCode = (api: ApiClient, slug: string, body: PortalCodeRequestBody) =>
  api.post<PortalCodeRequestResult>(`/portal/${encodeURIComponent(slug)}/sign-in/code`, body);
