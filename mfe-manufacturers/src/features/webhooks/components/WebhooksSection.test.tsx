import { screen, waitFor, within } from '@testing-library/react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from 'shared-kit';
import { apiError, columnTitles, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { NO_ENDPOINTS } from './WebhooksSection';
import { EVENTS_REQUIRED, URL_NOT_HTTP, URL_REQUIRED } from './endpoint-form';
import { SECRET_SHOWN_ONCE } from './SecretDialog';

const BASE = '/manufacturers/7/webhook-endpoints';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SSRF_REFUSAL =
  "The webhook URL's host '10.0.0.5' resolves to 10.0.0.5, a private address: webhooks are only sent to public addresses (an operator can allow private ones with PRODUCTHUB_WEBHOOK_ALLOW_PRIVATE=true).";

const endpointFixture = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 3,
  manufacturer_id: 7,
  url: 'https://hooks.aurora.example/licences',
  event_types: ['license.created', 'license.disabled'],
  enabled: true,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** A manufacturer with endpoints the section reads and changes, as the server would keep them. */
function webhookServer(
  initial: WebhookEndpoint[] = [endpointFixture()],
  refuse?: (call: RecordedApiCall) => unknown,
): FakeApiServer {
  let endpoints = [...initial];
  let nextId = 10;
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path === BASE && call.method === 'GET') return { data: endpoints };
    refuse?.(call);
    if (call.path === BASE && call.method === 'POST') {
      const body = call.body as { url: string; event_types: string[]; enabled: boolean };
      const created: CreatedWebhookEndpoint = {
        ...endpointFixture({ id: nextId++, url: body.url, event_types: body.event_types, enabled: body.enabled }),
        secret: SECRET,
      };
      const { secret: _secret, ...stored } = created;
      endpoints = [...endpoints, stored];
      return created;
    }
    const id = Number(call.path.slice(BASE.length + 1));
    const endpoint = endpoints.find((candidate) => candidate.id === id);
    if (!endpoint) throw apiError(404, 'Webhook endpoint not found');
    if (call.method === 'PATCH') {
      const changed = { ...endpoint, ...(call.body as Partial<WebhookEndpoint>) };
      endpoints = endpoints.map((candidate) => (candidate.id === id ? changed : candidate));
      return changed;
    }
    if (call.method === 'DELETE') {
      endpoints = endpoints.filter((candidate) => candidate.id !== id);
      return null;
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

const open = (server: FakeApiServer, session = superuserSession) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session, server });
const endpointsTable = () => screen.findByRole('table', { name: 'Webhook endpoints' });
const changes = (calls: RecordedApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('the Webhooks section of the manufacturer page', () => {
  it("lists the endpoints with their URL, events in words, state and creation time, and leads to each one's delivery log", async () => {
    const { user } = open(
      webhookServer([
        endpointFixture(),
        endpointFixture({
          id: 4,
          url: 'https://crm.aurora.example/in',
          enabled: false,
          event_types: ['end_user.created'],
        }),
      ]),
    );
    const table = await endpointsTable();
    const rows = within(table).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual(['URL', 'Events', 'Enabled', 'Created', 'Actions']);
    expect(rows[1]).toHaveTextContent('https://hooks.aurora.example/licences');
    expect(rows[1]).toHaveTextContent('License created, License disabled');
    expect(rows[1]).toHaveTextContent('Yes');
    expect(rows[2]).toHaveTextContent('User created');
    expect(rows[2]).toHaveTextContent('No');
    await user.click(screen.getByRole('link', { name: 'Delivery log of https://crm.aurora.example/in' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/Home/Manufacturers/7/Webhooks/4');
  });

  it('says so when there is no endpoint yet; staff see the section on their own manufacturer', async () => {
    open(webhookServer([]), manufacturerSession);
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    const { user, calls } = open(webhookServer([]));
    await screen.findByText(NO_ENDPOINTS);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    expect(within(dialog).getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.com/ph');
    await user.click(within(dialog).getByRole('checkbox', { name: 'License disabled' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Trial started' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Endpoint Added' });
    expect(within(secretDialog).getByText(SECRET_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(secretDialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(secretDialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      {
        method: 'POST',
        path: BASE,
        body: {
          url: 'https://hooks.example.com/ph',
          event_types: ['license.disabled', 'trial.started'],
          enabled: true,
        },
      },
    ]);
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await endpointsTable()).findByText('https://hooks.example.com/ph')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('says what is missing before asking the server', async () => {
    const { user, calls } = open(webhookServer([]));
    await screen.findByText(NO_ENDPOINTS);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(URL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(EVENTS_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /URL/ })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'ftp://files.example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(URL_NOT_HTTP)).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it("shows the server's refusal of a URL (the SSRF guard) at the URL field and keeps the dialog open", async () => {
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'POST') throw apiError(400, SSRF_REFUSAL);
    };
    const { user } = open(webhookServer([], refuse));
    await screen.findByText(NO_ENDPOINTS);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /URL/ });
    await user.type(url, 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(SSRF_REFUSAL));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add Endpoint' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Endpoint Added' })).not.toBeInTheDocument();
  });

  it("changes an endpoint's URL, events and state", async () => {
    const { user, calls } = open(webhookServer());
    await endpointsTable();
    await user.click(screen.getByRole('button', { name: 'Change endpoint https://hooks.aurora.example/licences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Endpoint' });
    expect(within(dialog).getByRole('textbox', { name: /URL/ })).toHaveValue('https://hooks.aurora.example/licences');
    expect(within(dialog).getByRole('checkbox', { name: 'License created' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'License enabled' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'License created' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([
      {
        method: 'PATCH',
        path: `${BASE}/3`,
        body: { url: 'https://hooks.aurora.example/licences', event_types: ['license.disabled'], enabled: false },
      },
    ]);
    const row = within(await endpointsTable()).getAllByRole('row')[1];
    await waitFor(() => expect(row).toHaveTextContent('No'));
  });

  it('deletes an endpoint only once confirmed', async () => {
    const { user, calls } = open(webhookServer());
    await endpointsTable();
    await user.click(screen.getByRole('button', { name: 'Delete endpoint https://hooks.aurora.example/licences' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete endpoint https://hooks.aurora.example/licences' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/3` }]);
  });
});
