import { SSO_CALLBACK_PATH, type SsoSettings } from 'shared-kit/contract';
import type { SsoSettingsRow } from './queries/settings';

/** The settings as staff see them: the client secret only as "set". */
export function toSsoSettings(row: SsoSettingsRow | undefined, publicUrl: string, slug: string): SsoSettings {
  return {
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    client_id: row?.client_id ?? '',
    client_secret_set: !!row?.client_secret_encrypted,
    allowed_domains: row?.allowed_domains ?? [],
    groups_claim: row?.groups_claim ?? 'groups',
    group_roles: row?.group_roles ?? [],
    default_role: row?.default_role ?? null,
    password_sign_in_off: row?.password_sign_in_off ?? false,
    redirect_uri: `${publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`,
    start_path: `/api/v1/sso/${slug}/start`,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}
