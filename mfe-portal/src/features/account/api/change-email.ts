import type { ApiClient, PortalEmailChangeRequested, PortalMe } from 'shared-kit';

/** POST /portal/email-change: mails a code to the new address (202). */
export const requestEmailChange = (api: ApiClient, newEmail: string) =>
  api.post<PortalEmailChangeRequested>('/portal/email-change', { new_email: newEmail });

/** POST /portal/email-change/confirm: the code from the new address; answers the customer with the new email. */
export const confirmEmailChange = (api: ApiClient, code: string) =>
  api.post<PortalMe>('/portal/email-change/confirm', { code });
