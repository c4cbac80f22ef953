import { useApiResource, type MailSettings, type ResourceResult } from 'shared-kit';
import { emailKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/mail-settings: the settings and the defaults they fall back to. */
export const useMailSettings = (manufacturerId: number): ResourceResult<MailSettings> =>
  useApiResource<MailSettings>(emailKeys.settings(manufacturerId));
