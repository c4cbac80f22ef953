import type { ApiClient, PortalRedeemed } from 'shared-kit';

/** POST /portal/redeem: a reseller's serial becomes the customer's licence (201), or the server says why not. */
export const redeemSerial = (api: ApiClient, serial: string) => api.post<PortalRedeemed>('/portal/redeem', { serial });
