import { screen, waitFor, within } from '@testing-library/react';
import { apiError, columnTitles, notFound, type RecordedApiCall } from 'shared-kit/testing';
import type { Batch, CreateBatchBody } from 'shared-kit';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { makeProduct } from '../../../shared/test-support/fixtures';
import { COUNT_RANGE, RESELLER_REQUIRED } from '../components/batch-form';
import { NO_BATCHES } from './ProductBatchesPage';

const batch = (id: number, overrides: Partial<Batch> = {}): Batch => ({
  id,
  product_id: 1,
  license_type: 'Standard',
  reseller: 'Thomann',
  note: null,
  count: 500,
  redeemed_count: 3,
  voided_count: 0,
  created_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** The product's batches as the server keeps them: made, and voided unsold. */
function batchServer(initial: Batch[], refuse?: (call: RecordedApiCall) => unknown) {
  let batches = [...initial];
  return (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/products/1') return makeProduct({ id: 1, name: 'Aurora Reverb' });
    if (call.method === 'GET' && call.path === '/products/1/batches') return { data: batches };
    refuse?.(call);
    if (call.method === 'POST' && call.path === '/products/1/batches') {
      const body = call.body as CreateBatchBody;
      const made = batch(9, { ...body, note: body.note ?? null, redeemed_count: 0 });
      batches = [made, ...batches];
      return made;
    }
    const match = /^\/products\/1\/batches\/(\d+)\/void$/.exec(call.path);
    if (call.method === 'POST' && match) {
      const found = batches.find((candidate) => candidate.id === Number(match[1]))!;
      const voided = found.count - found.redeemed_count - found.voided_count;
      const after = { ...found, voided_count: found.voided_count + voided };
      batches = batches.map((candidate) => (candidate.id === found.id ? after : candidate));
      return { voided, batch: after };
    }
    return Promise.reject(notFound(call));
  };
}

const batchesTable = () => screen.findByRole('table', { name: 'Serial batches' });
const posts = (calls: RecordedApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Serial batches of a product', () => {
  it('lists each batch with its reseller, type, counts and creation, and an export of its serials', async () => {
    renderCatalog(
      '/Home/ProductBatches/1',
      batchServer([batch(1), batch(2, { reseller: 'Sweetwater', voided_count: 497 })]),
    );
    expect(screen.getByRole('heading', { name: 'Serial Batches' })).toBeInTheDocument();
    const rows = within(await batchesTable()).getAllByRole('row');
    expect(columnTitles(rows[0])).toEqual([
      'Reseller',
      'License type',
      'Serials',
      'Redeemed',
      'Voided',
      'Unsold',
      'Created',
      'Actions',
    ]);
    expect(rows[1]).toHaveTextContent('Thomann');
    expect(rows[1]).toHaveTextContent('497');
    expect(within(rows[1]).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(within(rows[1]).getByRole('button', { name: 'Void unsold serials of the batch for Thomann' })).toBeVisible();
    // Nothing left to void: no Void button.
    expect(within(rows[2]).queryByRole('button', { name: /Void unsold/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Aurora Reverb (com.aurora.reverb)')).toBeInTheDocument();
  });

  it('says how batches work when there is none', async () => {
    renderCatalog('/Home/ProductBatches/1', batchServer([]));
    expect(await screen.findByText(NO_BATCHES)).toBeInTheDocument();
  });

  it('makes a batch: the count and the reseller are checked before anything is sent', async () => {
    const { user, calls } = renderCatalog('/Home/ProductBatches/1', batchServer([]));
    await screen.findByText(NO_BATCHES);
    await waitFor(() => expect(screen.getByRole('button', { name: 'New batch' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'New batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Serial Batch' });
    await user.type(within(dialog).getByRole('textbox', { name: /Number of serials/ }), '100001');
    await user.click(within(dialog).getByRole('button', { name: 'Make serials' }));
    expect(await within(dialog).findByText(COUNT_RANGE)).toBeInTheDocument();
    expect(within(dialog).getByText(RESELLER_REQUIRED)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    const count = within(dialog).getByRole('textbox', { name: /Number of serials/ });
    await user.clear(count);
    await user.type(count, '100,000');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /License type/ }), 'NFR');
    await user.type(within(dialog).getByRole('textbox', { name: /Reseller/ }), ' Thomann ');
    await user.click(within(dialog).getByRole('button', { name: 'Make serials' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/products/1/batches',
        body: { license_type: 'NFR', count: 100_000, reseller: 'Thomann', note: null },
      },
    ]);
    expect(within(await batchesTable()).getAllByRole('row')[1]).toHaveTextContent('100,000');
  });

  it('says so when the batch cannot be made, and keeps the dialog', async () => {
    const { user } = renderCatalog(
      '/Home/ProductBatches/1',
      batchServer([], (call) => {
        if (call.method === 'POST') throw apiError(500, 'boom');
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'New batch' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'New batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Serial Batch' });
    await user.type(within(dialog).getByRole('textbox', { name: /Number of serials/ }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: /Reseller/ }), 'Thomann');
    await user.click(within(dialog).getByRole('button', { name: 'Make serials' }));
    expect(await within(dialog).findByText(/boom|could not be made/)).toBeInTheDocument();
  });

  it('voids the unsold serials after a confirmation that says how many', async () => {
    const { user, calls } = renderCatalog('/Home/ProductBatches/1', batchServer([batch(1)]));
    await user.click(await screen.findByRole('button', { name: 'Void unsold serials of the batch for Thomann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Unsold Serials' });
    expect(dialog).toHaveTextContent('497 unsold serials of the batch for Thomann will be voided');
    await user.click(within(dialog).getByRole('button', { name: 'Void 497' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/products/1/batches/1/void', body: {} }]);
    const row = within(await batchesTable()).getAllByRole('row')[1];
    await waitFor(() => expect(row).not.toHaveTextContent('Void unsold'));
  });

  it('is reached from the product’s page', async () => {
    const { user } = renderCatalog('/Home/UpdateProduct/1', batchServer([]));
    await user.click(await screen.findByRole('link', { name: 'Serial batches' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent('/Home/ProductBatches/1');
  });
});
