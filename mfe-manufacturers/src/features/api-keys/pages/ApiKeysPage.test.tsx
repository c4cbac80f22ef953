import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey, CreatedApiKey } from 'shared-kit';
import { apiError, columnTitles, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { NO_KEYS, STAFF_ONLY } from './ApiKeysPage';
import { KEY_SHOWN_ONCE } from '../components/KeySecretDialog';
import { DATE_REQUIRED, NAME_REQUIRED, SCOPES_REQUIRED } from '../components/key-form';

const BASE = '/manufacturers/7/api-keys';
const SECRET = 'phk_live_Xy12AbCdQmP0nq3Jk9LrTtUvWwZz-_01234567890abcdEF';

const keyFixture = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 3,
  manufacturer_id: 7,
  name: 'Release pipeline',
  prefix: 'phk_live_Ab12Cd34',
  scopes: ['builds:upload', 'read'],
  expires_at: '2027-11-20T09:30:00.000Z',
  revoked_at: null,
  last_used_at: '2026-11-24T08:15:00.000Z',
  last_used_address: '203.0.113.24',
  created_by: 'staff@aurora-audio.example',
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** A manufacturer's keys as the server keeps them: created with a secret shown once, revoked for good. */
function keyServer(initial: ApiKey[] = [keyFixture()], refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let keys = [...initial];
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path === BASE && call.method === 'GET') return { data: keys };
    refuse?.(call);
    if (call.path === BASE && call.method === 'POST') {
      const body = call.body as { name: string; scopes: ApiKey['scopes']; expires_at: string | null };
      const created: CreatedApiKey = {
        ...keyFixture({
          id: 10 + keys.length,
          name: body.name,
          prefix: SECRET.slice(0, 17),
          scopes: body.scopes,
          expires_at: body.expires_at,
          last_used_at: null,
          last_used_address: null,
        }),
        secret: SECRET,
      };
      const { secret: _secret, ...stored } = created;
      keys = [stored, ...keys];
      return created;
    }
    const match = /^\/manufacturers\/7\/api-keys\/(\d+)\/revoke$/.exec(call.path);
    const key = keys.find((candidate) => candidate.id === Number(match?.[1]));
    if (!key) throw apiError(404, 'API key not found');
    const revoked = { ...key, revoked_at: '2026-11-26T10:00:00.000Z' };
    keys = keys.map((candidate) => (candidate.id === key.id ? revoked : candidate));
    return revoked;
  };
}

const open = (server: FakeApiServer, session = manufacturerSession) =>
  renderArea({ entries: ['/Home/Manufacturers/7/ApiKeys'], session, server });
const keysTable = () => screen.findByRole('table', { name: 'API keys' });
const changes = (calls: RecordedApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('the API Keys page', () => {
  it('lists each key with its name, prefix, scopes, creation, expiry, last use with its address, and state', async () => {
    open(keyServer([keyFixture(), keyFixture({ id: 4, name: 'Old shop', revoked_at: '2026-11-22T10:00:00.000Z' })]));
    const rows = within(await keysTable()).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual([
      'Name',
      'Key',
      'Scopes',
      'Created',
      'Expires',
      'Last used',
      'State',
      'Actions',
    ]);
    expect(rows[1]).toHaveTextContent('Release pipeline');
    expect(rows[1]).toHaveTextContent('phk_live_Ab12Cd34…');
    expect(rows[1]).toHaveTextContent('Upload builds, Read');
    expect(rows[1]).toHaveTextContent('by staff@aurora-audio.example');
    expect(rows[1]).toHaveTextContent('from 203.0.113.24');
    expect(rows[1]).toHaveTextContent('Active');
    expect(
      within(rows[1]).getByRole('button', { name: 'Revoke key Release pipeline (phk_live_Ab12Cd34…)' }),
    ).toBeVisible();
    expect(rows[2]).toHaveTextContent('Revoked');
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there is no key yet', async () => {
    open(keyServer([]));
    expect(await screen.findByText(NO_KEYS)).toBeInTheDocument();
  });

  it('is for the manufacturer’s own staff: the superuser is told so and nothing is asked of the server', async () => {
    const { calls } = open(keyServer(), superuserSession);
    expect(await screen.findByText(STAFF_ONLY)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === BASE)).toEqual([]);
  });

  it('creates a key with the chosen scopes and expiry, shows its secret once with a copy button, then forgets it', async () => {
    const { user, calls } = open(keyServer([]));
    await screen.findByText(NO_KEYS);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    // What each scope allows, in the permission table's words for its action.
    expect(within(dialog).getByText('Upload and confirm builds.')).toBeInTheDocument();
    expect(within(dialog).getByText('Create and refund orders.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Storefront ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write orders' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'never');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(secretDialog).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(secretDialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      { method: 'POST', path: BASE, body: { name: 'Storefront', scopes: ['read', 'orders:write'], expires_at: null } },
    ]);
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await keysTable()).findByText('Storefront')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('sends an expiry 90 days ahead by default, and the end of a chosen day', async () => {
    const { user, calls } = open(keyServer([]));
    await screen.findByText(NO_KEYS);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Upload builds' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'API Key Created' })).getByRole('button', { name: 'Done' }),
    );
    const sent = (changes(calls)[0].body as { expires_at: string }).expires_at;
    const days = (new Date(sent).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Until a day');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'date');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(DATE_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Last day it works/), '2030-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(changes(calls)[1].body).toMatchObject({
      name: 'Until a day',
      expires_at: new Date(2030, 2, 15, 23, 59, 59).toISOString(),
    });
  });

  it('says what is missing before asking the server', async () => {
    const { user, calls } = open(keyServer([]));
    await screen.findByText(NO_KEYS);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(SCOPES_REQUIRED)).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'POST') throw apiError(409, 'A manufacturer may hold at most 50 keys that are not revoked.');
    };
    const { user } = open(keyServer([], refuse));
    await screen.findByText(NO_KEYS);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'One too many');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(
      await within(dialog).findByText('A manufacturer may hold at most 50 keys that are not revoked.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'API Key Created' })).not.toBeInTheDocument();
  });

  it('revokes a key only once confirmed', async () => {
    const { user, calls } = open(keyServer());
    await keysTable();
    const revoke = () => user.click(screen.getByRole('button', { name: /^Revoke key Release pipeline/ }));
    await revoke();
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes(calls)).toEqual([]);
    await revoke();
    dialog = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([{ method: 'POST', path: `${BASE}/3/revoke`, body: {} }]);
    await waitFor(async () => expect(within(await keysTable()).getAllByRole('row')[1]).toHaveTextContent('Revoked'));
  });

  it('is reached from the manufacturer page by its own staff', async () => {
    const { user } = renderArea({
      entries: ['/Home/Manufacturers/7'],
      session: manufacturerSession,
      server: keyServer(),
    });
    await user.click(await screen.findByRole('link', { name: 'Manage API keys' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/Home/Manufacturers/7/ApiKeys');
  });
});
