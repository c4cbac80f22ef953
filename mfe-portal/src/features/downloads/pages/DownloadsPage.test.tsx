import { screen, within } from '@testing-library/react';
import { apiError, type RecordedApiCall } from 'shared-kit/testing';
import type { PortalDownload } from 'shared-kit';
import { renderPortal } from '../../../shared/test-support/render-portal';

const download = (overrides: Partial<PortalDownload>): PortalDownload => ({
  product: { id: 3, name: 'Aurora Reverb' },
  release_id: 7,
  version: '1.1.0.5',
  channel: 'Release',
  released_at: '2026-02-03T18:00:00.000Z',
  os: 'Windows',
  name: 'reverb-1.1-win.exe',
  size: 12_400_000,
  sha256: 'ab'.repeat(32),
  url: '/api/v1/clients/app/downloads/41?expires=1800000000&signature=sig',
  url_expires_at: '2027-01-15T08:00:00.000Z',
  ...overrides,
});

describe('DownloadsPage', () => {
  it('lists the installers per OS in the order the server gives (newest first), with size and a download link on the API origin', async () => {
    const answer = {
      data: [
        download({ release_id: 8, version: '2.0.0.1', channel: 'Beta', name: 'reverb-2.0-win.exe' }),
        download({}),
        download({
          os: 'macOS',
          name: 'reverb-1.1-mac.pkg',
          url: '/api/v1/clients/app/downloads/42?expires=1800000000&signature=sig2',
        }),
      ],
    };
    const { pageCalls } = renderPortal('/downloads', {
      server: (call: RecordedApiCall) =>
        call.path === '/portal/downloads' ? answer : Promise.reject(apiError(404, 'Not found')),
    });

    const windows = await screen.findByRole('region', { name: 'For Windows' });
    const items = within(windows).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Aurora Reverb 2.0.0.1',
      'Aurora Reverb 1.1.0.5',
    ]);
    expect(within(items[0]).getByText('Beta')).toBeInTheDocument();
    expect(within(items[1]).getByText('12.4 MB')).toBeInTheDocument();
    const link = within(items[1]).getByRole('link', { name: 'Download reverb-1.1-win.exe' });
    expect(link.getAttribute('href')).toBe(
      new URL('/api/v1/clients/app/downloads/41?expires=1800000000&signature=sig', window.location.href).toString(),
    );
    const mac = screen.getByRole('region', { name: 'For macOS' });
    expect(within(mac).getByRole('link', { name: 'Download reverb-1.1-mac.pkg' })).toBeInTheDocument();
    expect(pageCalls()).toEqual([{ method: 'GET', path: '/portal/downloads', query: undefined }]);
  });

  it('heads the installers of a build for any OS "For every system"', async () => {
    renderPortal('/downloads', {
      server: () => ({ data: [download({ os: 'any', name: 'reverb-1.1.zip' })] }),
    });
    const every = await screen.findByRole('region', { name: 'For every system' });
    expect(within(every).getByRole('link', { name: 'Download reverb-1.1.zip' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'For any' })).not.toBeInTheDocument();
  });

  it('says when there is nothing to download, and when the list could not be loaded (with a retry)', async () => {
    let fail = true;
    const { user } = renderPortal('/downloads', {
      server: () => (fail ? Promise.reject(apiError(500, 'Internal server error. Please try again.')) : { data: [] }),
    });
    expect(await screen.findByText('Your downloads could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There is nothing to download for your licenses yet.')).toBeInTheDocument();
  });

  it('is in the navigation of a signed-in customer', async () => {
    renderPortal('/downloads', { server: () => ({ data: [] }) });
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'Downloads' })).toHaveAttribute('aria-current', 'page');
  });
});
