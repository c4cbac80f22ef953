import { useApiResource, type ResourceResult, type SaveSsoSettingsBody, type SsoSettings } from 'shared-kit';
import { resourceKey, useApiMutation, type ApiMutation } from 'shared-kit/data';

const ssoKey = (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'sso');

/** GET /manufacturers/{id}/sso: the provider, domains and role mapping; the client secret only as set. */
export const useSsoSettings = (manufacturerId: number): ResourceResult<SsoSettings> =>
  useApiResource<SsoSettings>(ssoKey(manufacturerId));

export interface SsoSettingsChange {
  manufacturerId: number;
  settings: SaveSsoSettingsBody;
}

const saveSsoSettings: ApiMutation<SsoSettingsChange, SsoSettings> = {
  name: 'save-sso-settings',
  method: 'PUT',
  path: ({ manufacturerId }) => ssoKey(manufacturerId),
  body: ({ settings }) => settings,
  invalidates: ({ manufacturerId }) => [ssoKey(manufacturerId)],
};

/** PUT /manufacturers/{id}/sso (owners and the Super User). */
export const useSaveSsoSettings = () => useApiMutation<SsoSettingsChange, SsoSettings>(saveSsoSettings);
