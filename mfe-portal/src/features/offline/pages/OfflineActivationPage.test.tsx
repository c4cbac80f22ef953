import { screen, waitFor } from '@testing-library/react';
import { apiError, captureDownloads, page, type RecordedApiCall } from 'shared-kit/testing';
import { makeLicense } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

const requestText = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'producthub-offline-request',
    format_version: 1,
    product_id: 3,
    product_identifier: 'com.aurora.reverb',
    serial: 'abcde-fghjk-mnpqr-stvwx',
    hardware_fingerprint: 'HWFP2-STUDIO',
    hardware_fingerprint_version: 2,
    signature_seed_version: 5,
    plugin_version: '2.1.0',
    created_at: '2026-03-01T10:00:00Z',
    checksum: 'a'.repeat(64),
    ...changes,
  });
const licenseFile = {
  format_version: 1,
  serial: 'ABCDE-FGHJK-MNPQR-STVWX',
  product_identifier: 'com.aurora.reverb',
  hardware_fingerprint: 'HWFP2-STUDIO',
  signature: 'c2ln',
};

describe('OfflineActivationPage', () => {
  const saved = captureDownloads();

  const server = (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/portal/licenses')
      return page([makeLicense({ id: 40, serial: 'OTHER' }), makeLicense({ id: 41 })]);
    if (call.method === 'POST' && call.path === '/portal/licenses/41/offline-activations') return licenseFile;
    return Promise.reject(apiError(404, 'Not found'));
  };

  it('reads the licence from the chosen file, uploads it and saves the answer as <identifier>.ops, by keyboard', async () => {
    const { user, pageCalls } = renderPortal('/offline', { server });
    const input = await screen.findByLabelText(/Activation request file/);
    await user.upload(input, new File([requestText()], 'studio.ophreq', { type: 'application/json' }));
    expect(
      await screen.findByText('This request is for com.aurora.reverb, serial ABCDE-FGHJK-MNPQR-STVWX.'),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Upload and get the license file' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved com.aurora.reverb.ops.');
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'com.aurora.reverb.ops', text: `${JSON.stringify(licenseFile, null, 2)}\n` }]),
    );
    const calls = pageCalls();
    const posted = calls.findIndex((call) => call.method === 'POST');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/licenses/41/offline-activations', body: { request: requestText() } },
    ]);
    // After the activation, My licenses' first page is read afresh into the cache.
    expect(calls.slice(posted + 1)).toContainEqual({ method: 'GET', path: '/portal/licenses', query: { page: 1 } });
  });

  it('My licenses, shown again after the upload, is read afresh with the new machine, not from the cache', async () => {
    let activated = false;
    const counting = (call: RecordedApiCall) => {
      if (call.method === 'POST') activated = true;
      if (call.method === 'GET' && call.path === '/portal/licenses')
        return page([makeLicense({ id: 41, machines_in_use: activated ? 2 : 1 })]);
      return server(call);
    };
    const { user } = renderPortal('/licenses', { server: counting });
    expect(await screen.findByText('1 of 3 in use')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Offline activation' }));
    await user.upload(
      await screen.findByLabelText(/Activation request file/),
      new File([requestText()], 'studio.ophreq', { type: 'application/json' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload and get the license file' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved com.aurora.reverb.ops.');
    await user.click(screen.getByRole('link', { name: 'My licenses' }));
    // Never the cached count first: the list is read again before it shows.
    expect(screen.queryByText('1 of 3 in use')).not.toBeInTheDocument();
    expect(await screen.findByText('2 of 3 in use')).toBeInTheDocument();
  });

  it('says plainly when the file is not a request, or names no licence of the customer, and uploads nothing', async () => {
    const { user, pageCalls } = renderPortal('/offline', { server });
    const input = await screen.findByLabelText(/Activation request file/);
    await user.upload(input, new File(['\u0000PK binary'], 'broken.ophreq'));
    expect(
      await screen.findByText('This file is not an activation request. Choose the file the plugin wrote, unchanged.'),
    ).toBeInTheDocument();
    await user.upload(input, new File([requestText({ serial: 'ZZZZ' })], 'other.ophreq'));
    await user.click(await screen.findByRole('button', { name: 'Upload and get the license file' }));
    expect(await screen.findByText(/None of your licenses has the serial ZZZZ/)).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([]);
    expect(saved).toEqual([]);
  });

  it("shows the server's refusal in its words", async () => {
    const refusing = (call: RecordedApiCall) =>
      call.method === 'POST'
        ? Promise.reject(
            apiError(
              409,
              'This license is already activated on 3 machines, the limit of this product: deactivate one of them first.',
            ),
          )
        : server(call);
    const { user } = renderPortal('/offline', { server: refusing });
    await user.upload(
      await screen.findByLabelText(/Activation request file/),
      new File([requestText()], 'studio.ophreq'),
    );
    await user.click(await screen.findByRole('button', { name: 'Upload and get the license file' }));
    expect(await screen.findByText(/already activated on 3 machines/)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is in the navigation', async () => {
    renderPortal('/offline', { server });
    expect(await screen.findByRole('link', { name: 'Offline activation' })).toHaveAttribute('aria-current', 'page');
  });
});
