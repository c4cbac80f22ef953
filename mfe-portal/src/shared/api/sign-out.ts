import type { ApiClient } from 'shared-kit';

/** POST /portal/sign-out: ends the customer session on the server (204). */
export const signOutOfPortal = (api: ApiClient) => api.post<void>('/portal/sign-out');
