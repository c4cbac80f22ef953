import type { ApiClient, PortalSession, PortalSignInBody } from 'shared-kit';

/** POST /portal/{slug}/sign-in: `{ email, code }` or a magic link's `{ token }` → the customer session. */
export const signInToPortal = (api: ApiClient, slug: string, body: PortalSignInBody) =>
  api.post<PortalSession>(`/portal/${encodeURIComponent(slug)}/sign-in`, body);
