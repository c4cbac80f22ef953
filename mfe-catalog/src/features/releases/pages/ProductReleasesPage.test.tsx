import { screen, within } from '@testing-library/react';
import { cellTexts, columnTitles, notFound, page, type RecordedApiCall } from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import {
  BETA_CHANNEL,
  createdAndUpdated,
  RELEASE_CHANNEL,
  distributionTo,
  makeProduct,
  makeRelease,
} from '../../../shared/test-support/fixtures';

const releases = [
  makeRelease({
    id: 31,
    description: 'Beta 2',
    unlocks_wo_license: true,
    app_version_min: '1.0',
    app_version_max: '2.0',
    distributions: [distributionTo(RELEASE_CHANNEL, 31), distributionTo(BETA_CHANNEL, 31)],
  }),
  makeRelease({ id: 30, description: null, app_version_min: null }),
];

function server(call: RecordedApiCall) {
  if (call.path === '/products/1') return makeProduct();
  if (call.path === '/products/1/releases') return page(releases);
  return Promise.reject(notFound(call));
}

describe('Product Releases', () => {
  it('loads the product and its releases, 25 first, with the documented columns', async () => {
    const { calls } = renderCatalog('/Home/ProductReleases/1', server);
    expect(await screen.findByText('Aurora Reverb (com.aurora.reverb)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Releases' });
    expect(columnTitles(table)).toEqual([
      'ID',
      'Description',
      'Unlocks Without License',
      'App Version Min',
      'App Version Max',
      'Distribution Channels',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    const rows = await within(table).findAllByRole('row');
    expect(cellTexts(rows[1]).slice(0, 8)).toEqual([
      '31',
      'Beta 2',
      'Yes',
      '1.0',
      '2.0',
      'Release, Beta',
      ...createdAndUpdated(releases[0]),
    ]);
    expect(cellTexts(rows[2]).slice(0, 6)).toEqual(['30', '', 'No', '', '', '']);
    expect(calls.find((call) => call.path === '/products/1/releases')?.query).toEqual({ page: 1, per_page: 25 });
  });

  it('links to editing a release and to a new release without builds', async () => {
    renderCatalog('/Home/ProductReleases/1', server);
    expect(await screen.findByRole('link', { name: 'Edit release 31' })).toHaveAttribute(
      'href',
      '/Home/UpdateRelease/1/31',
    );
    expect(screen.getByRole('link', { name: 'New Release' })).toHaveAttribute('href', '/Home/CreateRelease/1');
  });

  it('offers no working New Release for a product that does not exist', async () => {
    renderCatalog('/Home/ProductReleases/99', server);
    expect(await screen.findByText('Releases could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Release' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Release' })).toBeDisabled();
  });
});
