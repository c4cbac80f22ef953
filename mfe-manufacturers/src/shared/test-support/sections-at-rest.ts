import type { SsoSettings, StaffList, StoreSettings, TwoFactorRequirement } from 'shared-kit/contract';
import type { FakeApiServer } from 'shared-kit/testing';

type Call = Parameters<FakeApiServer>[0];

const storeAtRest = (store: 'stripe' | 'paddle', manufacturerId: string): StoreSettings => ({
  store,
  webhook_path: `/api/v1/stores/${store}/${manufacturerId}/events`,
  secret: { set: false, hint: null, updated_at: null },
  mappings: [],
  events: [],
});

const ssoAtRest = (manufacturerId: string): SsoSettings => ({
  configured: false,
  enabled: false,
  issuer: '',
  client_id: '',
  client_secret_set: false,
  allowed_domains: [],
  groups_claim: 'groups',
  group_roles: [],
  default_role: null,
  password_sign_in_off: false,
  redirect_uri: 'http://localhost/api/v1/sso/callback',
  start_path: `/api/v1/sso/${manufacturerId}/start`,
  updated_at: null,
});

/**
 * What the sections below a manufacturer's details read when nothing is set up (as a new manufacturer's are), for
 * a test of one section or of the page: the others load and stay quiet. Lists answer an empty page.
 */
export function sectionAtRest(call: Call): unknown {
  const store = /^\/manufacturers\/(\d+)\/stores\/(stripe|paddle)$/.exec(call.path);
  if (store) return storeAtRest(store[2] as 'stripe' | 'paddle', store[1]!);
  const sso = /^\/manufacturers\/(\d+)\/sso$/.exec(call.path);
  if (sso) return ssoAtRest(sso[1]!);
  if (/^\/manufacturers\/\d+\/staff$/.test(call.path)) return { members: [], invites: [] } satisfies StaffList;
  if (/^\/manufacturers\/\d+\/two-factor-requirement$/.test(call.path))
    return { required: false, required_since: null } satisfies TwoFactorRequirement;
  return { data: [] };
}
