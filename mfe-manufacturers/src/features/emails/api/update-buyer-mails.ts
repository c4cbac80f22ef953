import type { BuyerMailSwitches, UpdateBuyerMailSwitchesBody } from 'shared-kit';
import { emailKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface BuyerMailsChange {
  manufacturerId: number;
  switches: UpdateBuyerMailSwitchesBody;
}

const updateBuyerMails: ApiMutation<BuyerMailsChange, BuyerMailSwitches> = {
  name: 'update-buyer-mails',
  method: 'PUT',
  path: ({ manufacturerId }) => emailKeys.buyerMails(manufacturerId),
  body: ({ switches }) => switches,
  invalidates: ({ manufacturerId }) => [emailKeys.buyerMails(manufacturerId)],
};

/** PUT /manufacturers/{id}/buyer-mails: switches the mails named on or off. */
export const useUpdateBuyerMails = () => useApiMutation<BuyerMailsChange, BuyerMailSwitches>(updateBuyerMails);
