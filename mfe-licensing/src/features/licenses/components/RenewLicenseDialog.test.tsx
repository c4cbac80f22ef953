import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from 'shared-kit';
import { apiError, renderPage } from 'shared-kit/testing';
import LicenseTable from './LicenseTable';
import { standardTerms, yearPolicy } from './license-terms-test-data';
import { RENEW_DATE_PAST, RENEW_DATE_REQUIRED, endOfDay, renewedBy } from './renew-form';
import {
  endUser,
  fakeLicensingServer,
  license,
  noTerms,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';
/** An expiry a year ahead of any run of the suite, so "by the duration" counts from it. */
const EXPIRY = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000).toISOString();

function renderTable(state: Partial<FakeLicensingState> = {}) {
  return renderPage(<LicenseTable source={{ productId: 1 }} />, {
    server: fakeLicensingServer({
      users: [ann],
      licenses: [license(1, ann)],
      policies: { 1: [yearPolicy] },
      terms: { 1: { ...standardTerms, expires_at: EXPIRY } },
      ...state,
    }),
  });
}

async function openMachines(user: ReturnType<typeof renderTable>['user']) {
  await user.click(await screen.findByRole('button', { name: `Machines of license ${SERIAL}` }));
  return screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
}

async function openRenew(user: ReturnType<typeof renderTable>['user']) {
  const machines = await openMachines(user);
  const opener = await within(machines).findByRole('button', { name: 'Renew' });
  await user.click(opener);
  return { machines, opener, dialog: await screen.findByRole('dialog', { name: `Renew License ${SERIAL}` }) };
}

const postsOf = (calls: ReturnType<typeof renderTable>['calls']) => calls.filter((call) => call.method === 'POST');
const expiryLine = (machines: HTMLElement) =>
  within(within(machines).getByRole('list', { name: 'License terms' })).getByText(/^Expires: /);

describe('Renew', () => {
  it("renews by the policy's duration from the expiry, shows the new expiry and gives focus back", async () => {
    const { user, calls } = renderTable();
    const { machines, opener, dialog } = await openRenew(user);
    const how = within(dialog).getByRole('combobox', { name: 'Renew' });
    expect(how).toHaveValue('duration');
    expect(
      within(how)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`By the policy's duration: 365 days, to ${renewedBy(365, EXPIRY)}`, 'To a date']);
    expect(within(dialog).queryByLabelText(/Runs until/, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(postsOf(calls)).toEqual([{ method: 'POST', path: '/licenses/1/renew', body: {} }]);
    expect(expiryLine(machines)).toHaveTextContent(`Expires: ${renewedBy(365, EXPIRY)} (14 days' grace)`);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('renews to the end of the day chosen', async () => {
    const { user, calls } = renderTable();
    const { machines, dialog } = await openRenew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Renew' }), 'date');
    await user.type(within(dialog).getByLabelText(/Runs until/, { selector: 'input' }), '2031-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(postsOf(calls)).toEqual([
      { method: 'POST', path: '/licenses/1/renew', body: { expires_at: endOfDay('2031-06-30') } },
    ]);
    expect(expiryLine(machines)).toHaveTextContent(`Expires: ${formatDate(endOfDay('2031-06-30'))}`);
  });

  it('asks for a day from today on before asking the server', async () => {
    const { user, calls } = renderTable();
    const { dialog } = await openRenew(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Renew' }), 'date');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText(RENEW_DATE_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Runs until/, { selector: 'input' }), '2020-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText(RENEW_DATE_PAST)).toBeInTheDocument();
    expect(postsOf(calls)).toEqual([]);
  });

  it('offers only a date when the policy sets no duration, and a time-limited licence without an end date', async () => {
    const { user } = renderTable({
      policies: { 1: [{ ...yearPolicy, duration_days: null }] },
      terms: { 1: noTerms(1) },
    });
    const { machines, dialog } = await openRenew(user);
    expect(within(machines).queryByRole('list', { name: 'License terms' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('It has no end date yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Renew' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Runs until/, { selector: 'input' })).toBeInTheDocument();
  });

  it("shows the server's message and stays open when the renewal is refused", async () => {
    const refusal = "This license's policy has no duration: give the date it runs until (expires_at).";
    const { user } = renderTable({
      override: (call) => {
        if (call.method === 'POST') throw apiError(400, refusal);
        return undefined;
      },
    });
    const { dialog } = await openRenew(user);
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Renew License ${SERIAL}` })).toBeInTheDocument();
  });

  it('is not offered for a licence without an end date whose policy is perpetual', async () => {
    const { user, calls } = renderTable({
      policies: { 1: [{ ...yearPolicy, term: 'perpetual', duration_days: null }] },
      terms: { 1: { ...standardTerms, expires_at: null } },
    });
    const machines = await openMachines(user);
    await waitFor(() => expect(calls).toContainEqual({ method: 'GET', path: '/products/1/policies' }));
    await within(machines).findByRole('list', { name: 'License terms' });
    expect(within(machines).queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });
});
