import type { SaveSsoSettingsBody, SsoGroupRole, SsoSettings, StaffRole } from 'shared-kit';

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  release_manager: 'Release manager',
  support: 'Support',
  viewer: 'Viewer',
};
const ROLES = Object.keys(ROLE_LABELS) as StaffRole[];

/** The form's fields as typed: lists as text, one item a line or comma. */
export interface SsoForm {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  groupsClaim: string;
  groupRoles: string;
  defaultRole: StaffRole | '';
  passwordSignInOff: boolean;
}

export const formOf = (settings: SsoSettings): SsoForm => ({
  enabled: settings.enabled,
  issuer: settings.issuer,
  clientId: settings.client_id,
  clientSecret: '',
  domains: settings.allowed_domains.join(', '),
  groupsClaim: settings.groups_claim,
  groupRoles: settings.group_roles.map(({ group, role }) => `${group} = ${role}`).join('\n'),
  defaultRole: settings.default_role ?? '',
  passwordSignInOff: settings.password_sign_in_off,
});

/** "group = role" a line, in the order they are tried; an unknown role is named back. */
export function parseGroupRoles(text: string): SsoGroupRole[] | string {
  const rows: SsoGroupRole[] = [];
  for (const line of text.split('\n').map((item) => item.trim())) {
    if (!line) continue;
    const at = line.lastIndexOf('=');
    const group = line.slice(0, at).trim();
    const role = line.slice(at + 1).trim() as StaffRole;
    if (at < 1 || !group || !ROLES.includes(role))
      return `Write each mapping as "group = role", a role being one of ${ROLES.join(', ')}: "${line}".`;
    rows.push({ group, role });
  }
  return rows;
}

export function bodyOf(form: SsoForm): SaveSsoSettingsBody | string {
  const groupRoles = parseGroupRoles(form.groupRoles);
  if (typeof groupRoles === 'string') return groupRoles;
  return {
    enabled: form.enabled,
    issuer: form.issuer.trim(),
    client_id: form.clientId.trim(),
    ...(form.clientSecret ? { client_secret: form.clientSecret } : {}),
    allowed_domains: form.domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    groups_claim: form.groupsClaim.trim(),
    group_roles: groupRoles,
    default_role: form.defaultRole || null,
    password_sign_in_off: form.passwordSignInOff,
  };
}
