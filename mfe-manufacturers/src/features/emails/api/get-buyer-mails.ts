import { useApiResource, type BuyerMailSwitches, type ResourceResult } from 'shared-kit';
import { emailKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/buyer-mails: each mail to buyers on or off. */
export const useBuyerMails = (manufacturerId: number): ResourceResult<BuyerMailSwitches> =>
  useApiResource<BuyerMailSwitches>(emailKeys.buyerMails(manufacturerId));
