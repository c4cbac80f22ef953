import { screen, within } from '@testing-library/react';
import type { SaveSsoSettingsBody, SsoSettings } from 'shared-kit';
import { apiError, manufacturerSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { sectionAtRest } from '../../../shared/test-support/sections-at-rest';
import { SSO_LOAD_FAILED, SSO_SAVED } from './SsoSection';

const SSO = '/manufacturers/7/sso';

const ssoFixture = (overrides: Partial<SsoSettings> = {}): SsoSettings => ({
  configured: true,
  enabled: true,
  issuer: 'https://login.aurora-audio.example',
  client_id: 'producthub-console',
  client_secret_set: true,
  allowed_domains: ['aurora-audio.example'],
  groups_claim: 'groups',
  group_roles: [{ group: 'engineering', role: 'release_manager' }],
  default_role: null,
  password_sign_in_off: false,
  redirect_uri: 'http://localhost/api/v1/sso/callback',
  start_path: '/api/v1/sso/7/start',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The manufacturer page's calls, and the single sign-on settings as the server keeps them. */
function ssoServer(refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let settings = ssoFixture();
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path !== SSO) return sectionAtRest(call);
    refuse?.(call);
    if (call.method === 'PUT') {
      const { client_secret, ...body } = call.body as SaveSsoSettingsBody;
      settings = {
        ...settings,
        ...body,
        client_secret_set: settings.client_secret_set || client_secret !== undefined,
        updated_at: '2026-11-21T10:00:00.000Z',
      };
    }
    return settings;
  };
}

const open = (server: FakeApiServer) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session: manufacturerSession, server });
const section = async () => within(await screen.findByRole('region', { name: 'Single sign-on' }));
const form = async () => within(await (await section()).findByRole('form', { name: 'Single sign-on settings' }));
const writes = (calls: RecordedApiCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

describe('the single sign-on settings of a manufacturer', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the redirect URI to register, the sign-in address and the settings as saved', async () => {
    open(ssoServer());
    const fields = await form();
    expect(fields.getByText('http://localhost/api/v1/sso/callback')).toBeInTheDocument();
    expect(fields.getByText('http://localhost/api/v1/sso/7/start')).toBeInTheDocument();
    expect(fields.getByRole('checkbox', { name: 'Single sign-on switched on' })).toBeChecked();
    expect(fields.getByRole('textbox', { name: 'Issuer URL' })).toHaveValue('https://login.aurora-audio.example');
    expect(fields.getByLabelText('Client secret (set: leave empty to keep it)')).toHaveValue('');
    expect(fields.getByRole('textbox', { name: /^Groups to roles/ })).toHaveValue('engineering = release_manager');
    expect(fields.getByRole('combobox', { name: 'Role when no group matches' })).toHaveValue('');
  });

  it('saves the settings, keeping the secret when left empty, and says so', async () => {
    const { user, calls } = open(ssoServer());
    const fields = await form();
    await user.clear(fields.getByRole('textbox', { name: 'Allowed email domains (comma separated)' }));
    await user.type(
      fields.getByRole('textbox', { name: 'Allowed email domains (comma separated)' }),
      'Aurora-Audio.example, studio.example',
    );
    await user.type(fields.getByRole('textbox', { name: /^Groups to roles/ }), '\nadmins = admin');
    await user.selectOptions(fields.getByRole('combobox', { name: 'Role when no group matches' }), 'viewer');
    await user.click(fields.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText(SSO_SAVED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      [
        'PUT',
        SSO,
        {
          enabled: true,
          issuer: 'https://login.aurora-audio.example',
          client_id: 'producthub-console',
          allowed_domains: ['aurora-audio.example', 'studio.example'],
          groups_claim: 'groups',
          group_roles: [
            { group: 'engineering', role: 'release_manager' },
            { group: 'admins', role: 'admin' },
          ],
          default_role: 'viewer',
          password_sign_in_off: false,
        },
      ],
    ]);
    expect((await form()).getByRole('combobox', { name: 'Role when no group matches' })).toHaveValue('viewer');
  });

  it('names a mapping line it cannot read without asking the server', async () => {
    const { user, calls } = open(ssoServer());
    const fields = await form();
    await user.type(fields.getByRole('textbox', { name: /^Groups to roles/ }), '\nadmins = boss');
    await user.click(fields.getByRole('button', { name: 'Save single sign-on' }));
    expect(await fields.findByText(/"admins = boss"/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const message = 'The issuer https://login.aurora-audio.example/ could not be reached for its discovery document.';
    const { user } = open(
      ssoServer((call) => {
        if (call.method === 'PUT') throw apiError(400, message);
      }),
    );
    const fields = await form();
    await user.type(fields.getByRole('textbox', { name: 'Issuer URL' }), '/');
    await user.click(fields.getByRole('button', { name: 'Save single sign-on' }));
    expect(await fields.findByText(message)).toBeInTheDocument();
    expect(fields.getByRole('textbox', { name: 'Issuer URL' })).toHaveValue('https://login.aurora-audio.example/');
    expect(screen.queryByText(SSO_SAVED)).not.toBeInTheDocument();
  });

  it('says when the settings could not be loaded, and loads them again on Retry', async () => {
    // The data layer logs the failed load.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const { user } = open(
      ssoServer(() => {
        if (failing) throw apiError(500);
      }),
    );
    const region = await section();
    expect(await region.findByText(SSO_LOAD_FAILED)).toBeInTheDocument();
    failing = false;
    await user.click(region.getByRole('button', { name: 'Retry' }));
    expect(await region.findByRole('form', { name: 'Single sign-on settings' })).toBeInTheDocument();
  });
});
