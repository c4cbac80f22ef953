import { screen, within } from '@testing-library/react';
import LicenseTable from './LicenseTable';
import { DEACTIVATION_SUMMARY, licenseEvent, page, renderPage } from 'shared-kit/testing';
import { endUser, fakeLicensingServer, license } from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const SERIAL = 'SER1A-BCDEF-GHJKM-NPQRS';
const history = page([licenseEvent(9, 1)]);

describe("A licence's History (row action)", () => {
  it("opens the licence's history in a dialog, in words, and closes", async () => {
    const { user, calls } = renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({
        users: [ann],
        licenses: [license(1, ann)],
        override: (call) => (call.path === '/audit-events' ? history : undefined),
      }),
    });
    await user.click(await screen.findByRole('button', { name: `History of license ${SERIAL}` }));
    const dialog = await screen.findByRole('dialog', { name: `History of License ${SERIAL}` });
    expect(await within(dialog).findByText(DEACTIVATION_SUMMARY)).toBeInTheDocument();
    expect(within(dialog).getByText('staff@aurora-audio.example')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/audit-events')?.query).toMatchObject({
      object_type: 'license',
      object_id: 1,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Export CSV of the searched licences', async () => {
    renderPage(<LicenseTable source={{ productId: 1 }} />, {
      server: fakeLicensingServer({ users: [ann], licenses: [license(1, ann)] }),
    });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
