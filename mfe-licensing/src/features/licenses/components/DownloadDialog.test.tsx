import { screen, waitFor, within } from '@testing-library/react';
import LicenseTable from './LicenseTable';
import { captureDownloads, deferred, renderPage } from 'shared-kit/testing';
import {
  endUser,
  fakeLicensingServer,
  license,
  type FakeLicensingState,
} from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');

describe('Download (activation) dialog', () => {
  const saved = captureDownloads();

  function renderTable(
    state: FakeLicensingState = {
      users: [ann],
      licenses: [license(1, ann), license(2, ann, 1, { disabled: true, disabled_reason: 'CancelledOrder' })],
    },
  ) {
    return renderPage(<LicenseTable source={{ productId: 1 }} />, { server: fakeLicensingServer(state) });
  }

  async function openDownload(user: ReturnType<typeof renderTable>['user'], serial: string) {
    await user.click(await screen.findByRole('button', { name: `Download license ${serial}` }));
    return screen.findByRole('dialog', { name: 'Download License File' });
  }

  it('asks for the fingerprint and the seed version (5 by default), activates and saves {identifier}.ops', async () => {
    const { user, calls } = renderTable();
    const dialog = await openDownload(user, 'SER1A-BCDEF-GHJKM-NPQRS');
    const seed = within(dialog).getByRole('combobox', { name: 'Signature Seed Version' });
    expect(seed).toHaveValue('5');
    expect(
      within(seed)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['4', '5']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Hardware Fingerprint' }), 'HWFP2-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/licenses/1/activations',
        body: { hardware_fingerprint: 'HWFP2-1234', hardware_fingerprint_version: 2, signature_seed_version: 5 },
      },
    ]);
    await waitFor(() => expect(saved[0]?.text).not.toBe(''));
    expect(saved[0].name).toBe('com.aurora.reverb.ops');
    expect(JSON.parse(saved[0].text)).toMatchObject({
      serial: 'SER1A-BCDEF-GHJKM-NPQRS',
      hardware_fingerprint: 'HWFP2-1234',
      signature_seed_version: 5,
      signature: 'c2lnbmF0dXJl',
    });
  });

  it('sends seed version 4 when chosen, and submits with Enter', async () => {
    const { user, calls } = renderTable();
    const dialog = await openDownload(user, 'SER1A-BCDEF-GHJKM-NPQRS');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Signature Seed Version' }), '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Hardware Fingerprint' }), 'FP-4{Enter}');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      hardware_fingerprint: 'FP-4',
      hardware_fingerprint_version: 2,
      signature_seed_version: 4,
    });
  });

  it('shows Downloading... while the file is made', async () => {
    const pending = deferred<unknown>();
    const { user } = renderTable({
      users: [ann],
      licenses: [license(1, ann)],
      override: (call) => (call.method === 'POST' ? pending.promise : undefined),
    });
    const dialog = await openDownload(user, 'SER1A-BCDEF-GHJKM-NPQRS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Hardware Fingerprint' }), 'FP');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(within(dialog).getByRole('button', { name: 'Downloading...' })).toBeDisabled();
    pending.reject(new Error('offline'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The license file could not be created.');
  });

  it('does not check the fingerprint itself, and shows why the server refused', async () => {
    const { user, calls } = renderTable();
    let dialog = await openDownload(user, 'SER1A-BCDEF-GHJKM-NPQRS');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter the hardware fingerprint of the machine to activate.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    dialog = await openDownload(user, 'SER2A-BCDEF-GHJKM-NPQRS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Hardware Fingerprint' }), 'FP');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This license is deactivated (CancelledOrder)');
    expect(saved).toEqual([]);
  });
});
