import type { MailSettings, UpdateMailSettingsBody } from 'shared-kit';
import { emailKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface MailSettingsChange {
  manufacturerId: number;
  settings: UpdateMailSettingsBody;
}

const updateMailSettings: ApiMutation<MailSettingsChange, MailSettings> = {
  name: 'update-mail-settings',
  method: 'PUT',
  path: ({ manufacturerId }) => emailKeys.settings(manufacturerId),
  body: ({ settings }) => settings,
  invalidates: ({ manufacturerId }) => [emailKeys.settings(manufacturerId)],
};

/** PUT /manufacturers/{id}/mail-settings: sender name, reply-to, logo URL, brand colour (null: the default). */
export const useUpdateMailSettings = () => useApiMutation<MailSettingsChange, MailSettings>(updateMailSettings);
