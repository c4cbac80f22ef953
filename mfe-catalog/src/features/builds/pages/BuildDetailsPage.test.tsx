import { screen, within } from '@testing-library/react';
import { cellTexts, columnTitles, notFound, type RecordedApiCall } from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { makeBuild, makeBuildFile, makeProduct } from '../../../shared/test-support/fixtures';
import { absoluteApiUrl } from './BuildDetailsPage';

const files = [
  makeBuildFile({
    name: 'Reverb.pkg',
    size: 2.5 * 1024 ** 2,
    sha256: 'a'.repeat(64),
    url: '/api/v1/products/1/builds/11/files/Reverb.pkg',
  }),
  makeBuildFile({
    name: 'READ ME.txt',
    size: -1,
    sha256: 'b'.repeat(64),
    url: '/api/v1/products/1/builds/11/files/READ%20ME.txt',
  }),
  makeBuildFile({ name: 'Pending.zip', size: 100, sha256: 'c'.repeat(64), url: null }),
];

function server(call: RecordedApiCall) {
  if (call.path === '/products/1/builds/11')
    return makeBuild({ id: 11, os: 'macOS', major: 1, minor: 0, revision: 2, build_number: 103 });
  if (call.path === '/clients/app/products/1/builds/11/files') return files;
  if (call.path === '/products/1/builds')
    return {
      data: [],
      pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
    };
  if (call.path === '/products/1') return makeProduct();
  return Promise.reject(notFound(call));
}

describe('Build Details', () => {
  it('titles the page with the version, build number and os', async () => {
    renderCatalog('/Home/BuildDetails/1/11', server);
    expect(
      await screen.findByRole('heading', { name: 'Build Files for Build 1.0.2, build number 103, macOS' }),
    ).toBeInTheDocument();
  });

  it('lists the files with a human-readable size, the checksum and a download link opening a new tab', async () => {
    renderCatalog('/Home/BuildDetails/1/11', server);
    const table = await screen.findByRole('table', { name: 'Build files' });
    expect(columnTitles(table)).toEqual(['Name', 'Size', 'Checksum (SHA256)', 'Download']);
    const rows = await within(table).findAllByRole('row');
    expect(cellTexts(rows[1]).slice(0, 3)).toEqual(['Reverb.pkg', '2.50 MB', 'a'.repeat(64)]);
    expect(within(rows[2]).getAllByRole('cell')[1]).toHaveTextContent('Unknown');
    const link = screen.getByRole('link', { name: 'Download Reverb.pkg' });
    expect(link).toHaveAttribute('href', 'http://localhost/api/v1/products/1/builds/11/files/Reverb.pkg');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(rows[3]).getByText('Not uploaded')).toBeInTheDocument();
  });

  it('goes back to the product builds', async () => {
    const { user, currentPath } = renderCatalog('/Home/BuildDetails/1/11', server);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(currentPath()).toBe('/Home/ProductBuilds/1');
  });

  it('says so when the build cannot be loaded', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCatalog('/Home/BuildDetails/1/99', server);
    expect(await screen.findByRole('alert')).toHaveTextContent('This build could not be loaded.');
    consoleError.mockRestore();
  });

  it('resolves download urls against an API on another origin', () => {
    expect(absoluteApiUrl('/api/v1/x', 'https://hub.example.com/api/v1', 'https://cms.example.org/page')).toBe(
      'https://hub.example.com/api/v1/x',
    );
    expect(absoluteApiUrl('/api/v1/x', '/api/v1', 'https://hub.example.com/Home/BuildDetails/1/2')).toBe(
      'https://hub.example.com/api/v1/x',
    );
  });
});
