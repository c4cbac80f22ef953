import { screen, within } from '@testing-library/react';
import type { StoreMapping, StoreSettings } from 'shared-kit';
import { apiError, manufacturerSession, page, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { SETTINGS_LOAD_FAILED } from './store-words';
import { sectionAtRest } from '../../../shared/test-support/sections-at-rest';

const STRIPE = '/manufacturers/7/stores/stripe';
const PADDLE = '/manufacturers/7/stores/paddle';

const emptySettings = (store: 'stripe' | 'paddle'): StoreSettings => ({
  store,
  webhook_path: `/api/v1/stores/${store}/7/events`,
  secret: { set: false, hint: null, updated_at: null },
  mappings: [],
  events: [],
});

/** The manufacturer page's calls, and the stores' settings as a server keeps them: secrets, mappings, events. */
function storeServer(refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  const settings = { stripe: emptySettings('stripe'), paddle: emptySettings('paddle') };
  settings.stripe.events = [
    {
      id: 2,
      event_id: 'evt_paid',
      event_type: 'checkout.session.completed',
      outcome: 'created',
      order_id: 31,
      message: null,
      received_at: '2026-01-02T10:00:00.000Z',
    },
    {
      id: 1,
      event_id: 'evt_unknown_price',
      event_type: 'checkout.session.completed',
      outcome: 'unmapped',
      order_id: null,
      message: 'The Stripe price price_x is not mapped.',
      received_at: '2026-01-01T10:00:00.000Z',
    },
  ];
  let nextId = 1;
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path === '/products') return page([{ id: 12, name: 'Reverb' }]);
    if (!call.path.startsWith(STRIPE) && !call.path.startsWith(PADDLE)) return sectionAtRest(call);
    refuse?.(call);
    const store = call.path.startsWith(STRIPE) ? 'stripe' : 'paddle';
    const current = settings[store];
    if (call.method === 'PUT' && call.path.includes('/mappings/')) {
      const body = call.body as Pick<StoreMapping, 'store_price_id' | 'product_id' | 'license_type'>;
      current.mappings = current.mappings.map((mapping) =>
        call.path.endsWith(`/mappings/${mapping.id}`) ? { ...mapping, ...body } : mapping,
      );
      return current.mappings.find((mapping) => call.path.endsWith(`/mappings/${mapping.id}`));
    }
    if (call.method === 'PUT') {
      const secret = (call.body as { secret: string }).secret;
      current.secret = { set: true, hint: secret.slice(-4), updated_at: '2026-01-03T10:00:00.000Z' };
    }
    if (call.method === 'POST') {
      const body = call.body as { store_price_id: string; product_id: number; license_type: 'Standard' };
      const mapping: StoreMapping = {
        id: nextId++,
        ...body,
        product_name: 'Reverb',
        created_at: '2026-01-03T10:00:00.000Z',
      };
      current.mappings = [...current.mappings, mapping];
      return mapping;
    }
    if (call.method === 'DELETE') {
      current.mappings = current.mappings.filter((mapping) => !call.path.endsWith(`/mappings/${mapping.id}`));
      return null;
    }
    return current;
  };
}

const open = (server: FakeApiServer, session = manufacturerSession) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session, server });
const section = async () => within(await screen.findByRole('region', { name: 'Stores' }));

describe("the stores' settings of a manufacturer", () => {
  it('shows the webhook URL to copy, that no secret is set, and the last events with their outcome', async () => {
    open(storeServer());
    const region = await section();
    expect(await region.findByText('http://localhost/api/v1/stores/stripe/7/events')).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(region.getByText('Not set: Stripe events are refused until it is.')).toBeInTheDocument();
    const events = within(region.getByRole('table', { name: 'Last Stripe events' }));
    expect(events.getByText('Processed: order made')).toBeInTheDocument();
    expect(events.getByRole('link', { name: 'Order 31 of event evt_paid' })).toHaveAttribute('href', '/Home/Orders/31');
    expect(events.getByText('Flagged: not mapped')).toBeInTheDocument();
    expect(events.getByText('The Stripe price price_x is not mapped.')).toBeInTheDocument();
  });

  it('sets the secret write-only: sent once, then shown only as set with its last characters', async () => {
    const { user, calls } = open(storeServer());
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Set secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Stripe Signing Secret' }));
    // Pasted from the store's dashboard, with the clipboard's spaces around it.
    await user.click(dialog.getByLabelText(/Signing secret/, { selector: 'input' }));
    await user.paste('  whsec_test_abcd1234  ');
    await user.click(dialog.getByRole('button', { name: 'Save secret' }));
    expect(await region.findByText(/^Set: ends in …1234/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      [`${STRIPE}/secret`, { secret: 'whsec_test_abcd1234' }],
    ]);
    expect(region.getByRole('button', { name: 'Replace secret' })).toBeInTheDocument();
    expect(screen.queryByText('whsec_test_abcd1234')).not.toBeInTheDocument();
  });

  it('refuses a short secret before sending it', async () => {
    const { user, calls } = open(storeServer());
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Set secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Stripe Signing Secret' }));
    await user.type(dialog.getByLabelText(/Signing secret/, { selector: 'input' }), 'short');
    await user.click(dialog.getByRole('button', { name: 'Save secret' }));
    expect(await dialog.findByText('Signing secret must be 8 to 200 characters, without spaces.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('adds a mapping of a price to a product and licence type, and removes it after asking', async () => {
    const { user, calls } = open(storeServer());
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Add mapping' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Map a Stripe Price' }));
    await user.type(dialog.getByLabelText(/Price ID/, { selector: 'input' }), 'price_123');
    await user.selectOptions(
      await dialog.findByLabelText(/^Product/, { selector: 'select' }),
      await dialog.findByRole('option', { name: 'Reverb' }),
    );
    await user.selectOptions(dialog.getByLabelText(/License type/, { selector: 'select' }), 'Standard');
    await user.click(dialog.getByRole('button', { name: 'Add mapping' }));
    const table = within(await region.findByRole('table', { name: 'Stripe price mapping' }));
    expect(await table.findByText('price_123')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [`${STRIPE}/mappings`, { store_price_id: 'price_123', product_id: 12, license_type: 'Standard' }],
    ]);

    await user.click(table.getByRole('button', { name: 'Remove mapping price_123' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Mapping' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await region.findByText(/No prices mapped yet/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${STRIPE}/mappings/1`]);
  });

  it('edits a mapping in the same dialog, filled with it', async () => {
    const { user, calls } = open(storeServer());
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Add mapping' }));
    const adding = within(await screen.findByRole('dialog', { name: 'Map a Stripe Price' }));
    await user.type(adding.getByLabelText(/Price ID/, { selector: 'input' }), 'price_123');
    await user.selectOptions(
      await adding.findByLabelText(/^Product/, { selector: 'select' }),
      await adding.findByRole('option', { name: 'Reverb' }),
    );
    await user.click(adding.getByRole('button', { name: 'Add mapping' }));
    const table = within(await region.findByRole('table', { name: 'Stripe price mapping' }));
    await user.click(await table.findByRole('button', { name: 'Edit mapping price_123' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the Stripe Price Mapping' }));
    const priceId = dialog.getByLabelText(/Price ID/, { selector: 'input' });
    expect(priceId).toHaveValue('price_123');
    expect(await dialog.findByLabelText(/^Product/, { selector: 'select' })).toHaveValue('12');
    expect(dialog.getByLabelText(/License type/, { selector: 'select' })).toHaveValue('Standard');
    await user.clear(priceId);
    await user.type(priceId, 'price_456');
    await user.selectOptions(dialog.getByLabelText(/License type/, { selector: 'select' }), 'NFR');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    const edited = within(await region.findByRole('table', { name: 'Stripe price mapping' }));
    expect(await edited.findByText('price_456')).toBeInTheDocument();
    expect(edited.getByText('NFR')).toBeInTheDocument();
    expect(edited.queryByText('price_123')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      [`${STRIPE}/mappings/1`, { store_price_id: 'price_456', product_id: 12, license_type: 'NFR' }],
    ]);
  });

  it("shows the server's refusal of a mapping in the dialog, which stays open", async () => {
    const message = 'The Stripe price price_123 is mapped already: remove it first.';
    const { user } = open(
      storeServer((call) => {
        if (call.method === 'POST') throw apiError(409, message);
      }),
    );
    const region = await section();
    await user.click(await region.findByRole('button', { name: 'Add mapping' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Map a Stripe Price' }));
    await user.type(dialog.getByLabelText(/Price ID/, { selector: 'input' }), 'price_123');
    await user.selectOptions(
      await dialog.findByLabelText(/^Product/, { selector: 'select' }),
      await dialog.findByRole('option', { name: 'Reverb' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Add mapping' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
  });

  it('shows the superuser the settings and events, without a way to map a price', async () => {
    open(storeServer(), superuserSession);
    const region = await section();
    expect(await region.findByRole('table', { name: 'Last Stripe events' })).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Add mapping' })).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, with Retry', async () => {
    open(
      storeServer((call) => {
        if (call.method === 'GET') throw apiError(503, SETTINGS_LOAD_FAILED);
      }),
    );
    const region = await section();
    expect(await region.findByText(SETTINGS_LOAD_FAILED)).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
