import { useApiResource, type Email, type ResourceResult } from 'shared-kit';
import { emailKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/emails/{emailId}: one mail with its HTML and text. */
export const useEmail = (manufacturerId: number, emailId: number): ResourceResult<Email> =>
  useApiResource<Email>(emailKeys.detail(manufacturerId, emailId));
