import { PLAIN_POLICY } from 'shared-kit/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, notFound, type RecordedApiCall } from 'shared-kit/testing';
import type { Edition, Feature, Policy } from 'shared-kit';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { makeProduct } from '../../../shared/test-support/fixtures';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const features: Feature[] = [
  { id: 1, product_id: 1, key: 'stems', label: 'Stems', ...stamp },
  { id: 2, product_id: 1, key: 'surround', label: 'Surround', ...stamp },
];
const editions: Edition[] = [
  { id: 5, product_id: 1, name: 'Pro', features: ['stems', 'surround'], ...stamp },
  { id: 4, product_id: 1, name: 'Standard', features: ['stems'], ...stamp },
];
const standardPolicy: Policy = {
  product_id: 1,
  license_type: 'Standard',
  ...PLAIN_POLICY,
  term: 'time-limited',
  duration_days: 365,
  grace_days: 14,
  maintenance_months: 12,
  maintenance_from: 'activation',
  edition_id: 4,
  ...stamp,
};

function server(extra: (call: RecordedApiCall) => unknown = (call) => Promise.reject(notFound(call))) {
  return (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/products/1') return makeProduct({ id: 1, name: 'Aurora Reverb' });
    if (call.method === 'GET' && call.path === '/products/1/features') return { data: features };
    if (call.method === 'GET' && call.path === '/products/1/editions') return { data: editions };
    if (call.method === 'GET' && call.path === '/products/1/policies') return { data: [standardPolicy] };
    return extra(call);
  };
}

describe('Product Licensing', () => {
  it('shows the features, the editions and one policy form per licence type, filled from the saved policy', async () => {
    renderCatalog('/Home/ProductLicensing/1', server());
    const featureList = await screen.findByRole('list', { name: 'Features' });
    expect(
      within(featureList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['stemsStemsDelete', 'surroundSurroundDelete']);
    expect(await screen.findByRole('list', { name: 'Editions' })).toHaveTextContent('Prostems, surround');
    const standard = await screen.findByRole('form', { name: 'Standard policy' });
    expect(within(standard).getByLabelText('Term')).toHaveValue('time-limited');
    expect(within(standard).getByLabelText('Duration (days)')).toHaveValue('365');
    expect(within(standard).getByLabelText('Edition')).toHaveValue('4');
    expect(within(await screen.findByRole('form', { name: 'NFR policy' })).getByLabelText('Term')).toHaveValue(
      'perpetual',
    );
  });

  it('saves a policy as the contract body, and refuses a floating one without seats before sending', async () => {
    const { user, calls } = renderCatalog(
      '/Home/ProductLicensing/1',
      server((call) =>
        call.method === 'PUT' ? { ...standardPolicy, license_type: 'Free' } : Promise.reject(notFound(call)),
      ),
    );
    const free = await screen.findByRole('form', { name: 'Free policy' });
    await user.selectOptions(within(free).getByLabelText('Model'), 'floating');
    await user.click(within(free).getByRole('button', { name: 'Set policy' }));
    expect(await within(free).findByText('A floating policy needs seats.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(free).getByLabelText(/^Seats/), '5');
    await user.selectOptions(within(free).getByLabelText('Maintenance window'), 'purchase');
    await user.click(within(free).getByRole('button', { name: 'Set policy' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeDefined());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/products/1/policies/Free',
      body: {
        model: 'floating',
        seats: 5,
        lease_minutes: 15,
        maintenance_from: 'purchase',
        maintenance_months: 12,
        term: 'perpetual',
      },
    });
  });

  it('applies a policy to existing licences after showing how many change', async () => {
    const { user, calls } = renderCatalog(
      '/Home/ProductLicensing/1',
      server((call) => {
        if (call.path === '/products/1/policies/Standard/apply-preview') return { licenses: 42 };
        if (call.method === 'POST' && call.path === '/products/1/policies/Standard/apply') return { licenses: 42 };
        return Promise.reject(notFound(call));
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Apply to existing licenses' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/42 licenses of this type would take/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/apply'))).toBe(true),
    );
  });

  it('shows the server’s reason when a feature in use cannot be deleted', async () => {
    const { user, showError } = renderCatalog(
      '/Home/ProductLicensing/1',
      server((call) =>
        call.method === 'DELETE'
          ? Promise.reject(
              apiError(409, "This feature is part of the edition 'Pro': remove it from that edition first."),
            )
          : Promise.reject(notFound(call)),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete feature surround' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        "This feature is part of the edition 'Pro': remove it from that edition first.",
      ),
    );
  });
});
