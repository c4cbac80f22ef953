import type { SendPortalSignInLinkResult } from 'shared-kit';
import { auditEventKeys, portalKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

const sendPortalSignInLink: ApiMutation<{ userId: number }, SendPortalSignInLinkResult> = {
  name: 'send-portal-sign-in-link',
  method: 'POST',
  path: ({ userId }) => portalKeys.signInLink(userId),
  body: () => undefined,
  // The sending is audited on the user: their History shows it.
  invalidates: () => [auditEventKeys.lists()],
};

/** POST /users/{id}/portal-sign-in-link (no body): 202 with the address and when the code ends; 409 while the portal is off. */
export const useSendPortalSignInLink = () =>
  useApiMutation<{ userId: number }, SendPortalSignInLinkResult>(sendPortalSignInLink);
