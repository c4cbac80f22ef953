import { screen, waitFor, within } from '@testing-library/react';
import { apiError, renderPage } from 'shared-kit/testing';
import LicenseTable from './LicenseTable';
import { SAME_EDITION_CHOSEN } from './edition-form';
import { pro, standard, standardTerms } from './license-terms-test-data';
import {
  endUser,
  fakeLicensingServer,
  license,
  noTerms,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';

function renderTable(state: Partial<FakeLicensingState> = {}) {
  return renderPage(<LicenseTable source={{ productId: 1 }} />, {
    server: fakeLicensingServer({
      users: [ann],
      licenses: [license(1, ann)],
      editions: { 1: [pro, standard] },
      terms: { 1: standardTerms },
      ...state,
    }),
  });
}

async function openChangeEdition(user: ReturnType<typeof renderTable>['user']) {
  await user.click(await screen.findByRole('button', { name: `Machines of license ${SERIAL}` }));
  const machines = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
  const opener = await within(machines).findByRole('button', { name: 'Change edition' });
  await user.click(opener);
  return {
    machines,
    opener,
    dialog: await screen.findByRole('dialog', { name: `Change Edition of License ${SERIAL}` }),
  };
}

const postsOf = (calls: ReturnType<typeof renderTable>['calls']) => calls.filter((call) => call.method === 'POST');

describe('Change edition', () => {
  it("lists the product's editions with the licence's own marked and chosen", async () => {
    const { user } = renderTable();
    const { dialog } = await openChangeEdition(user);
    const select = within(dialog).getByRole('combobox', { name: /Edition/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pro (stems, surround)', 'Standard (stems) (current)']);
    expect(select).toHaveValue(String(standard.id));
  });

  it('changes the edition, closes, shows the new terms and gives focus back to its button', async () => {
    const { user, calls } = renderTable();
    const { machines, opener, dialog } = await openChangeEdition(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Edition/ }), String(pro.id));
    await user.click(within(dialog).getByRole('button', { name: 'Change edition' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(postsOf(calls)).toEqual([{ method: 'POST', path: '/licenses/1/edition', body: { edition_id: pro.id } }]);
    const terms = within(machines).getByRole('list', { name: 'License terms' });
    expect(await within(terms).findByText('Edition: Pro (stems, surround)')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('refuses the edition the licence already has without asking the server', async () => {
    const { user, calls } = renderTable();
    const { dialog } = await openChangeEdition(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change edition' }));
    expect(await within(dialog).findByText(SAME_EDITION_CHOSEN)).toBeInTheDocument();
    expect(postsOf(calls)).toEqual([]);
  });

  it("asks for a choice when the licence has no edition yet, and shows the server's message when it refuses", async () => {
    const { user, calls } = renderTable({
      terms: { 1: noTerms(1) },
      override: (call) => {
        if (call.method === 'POST') throw apiError(400, "edition_id names no edition of this license's product.");
        return undefined;
      },
    });
    const { dialog } = await openChangeEdition(user);
    const select = within(dialog).getByRole('combobox', { name: /Edition/ });
    expect(select).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Change edition' }));
    expect(await within(dialog).findByText('Choose the edition the license changes to.')).toBeInTheDocument();
    expect(postsOf(calls)).toEqual([]);

    await user.selectOptions(select, String(pro.id));
    await user.click(within(dialog).getByRole('button', { name: 'Change edition' }));
    expect(
      await within(dialog).findByText("edition_id names no edition of this license's product."),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Change Edition of License ${SERIAL}` })).toBeInTheDocument();
  });

  it('closes on Cancel without a change', async () => {
    const { user, calls } = renderTable();
    const { dialog, opener } = await openChangeEdition(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(postsOf(calls)).toEqual([]);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('is not offered when the product has no editions', async () => {
    const { user, calls } = renderTable({ editions: {} });
    await user.click(await screen.findByRole('button', { name: `Machines of license ${SERIAL}` }));
    const machines = await screen.findByRole('dialog', { name: `Machines of License ${SERIAL}` });
    await waitFor(() => expect(calls).toContainEqual({ method: 'GET', path: '/products/1/editions' }));
    await within(machines).findByRole('list', { name: 'License terms' });
    expect(within(machines).queryByRole('button', { name: 'Change edition' })).not.toBeInTheDocument();
  });
});
