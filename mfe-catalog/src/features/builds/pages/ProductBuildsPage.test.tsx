import { screen, waitFor, within } from '@testing-library/react';
import { cellTexts, columnTitles, notFound, page, type RecordedApiCall } from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import { createdAndUpdated, makeBuild, makeProduct } from '../../../shared/test-support/fixtures';

const builds = [
  makeBuild({ id: 12, os: 'Windows', major: 1, minor: 1, revision: 0, build_number: 104, upload_confirmed: false }),
  makeBuild({ id: 11, os: 'macOS', major: 1, minor: 0, revision: 2, build_number: 103 }),
  makeBuild({ id: 10, os: 'any', build_number: 102 }),
];

function server(answer: (call: RecordedApiCall) => unknown = () => page(builds, { total: 30 })) {
  return (call: RecordedApiCall) => {
    if (call.method === 'GET' && call.path === '/products/1') return makeProduct({ id: 1 });
    if (call.method === 'GET' && call.path === '/products/1/builds') return answer(call);
    const build = builds.find((candidate) => call.path === `/products/1/builds/${candidate.id}`);
    if (build) return build;
    return Promise.reject(notFound(call));
  };
}

describe('Product Builds', () => {
  it('lists the builds with the documented columns, 25 first, and names the product', async () => {
    const { calls } = renderCatalog('/Home/ProductBuilds/1', server());
    const table = await screen.findByRole('table', { name: 'Builds' });
    expect(columnTitles(table)).toEqual([
      '',
      'ID',
      'OS',
      'Version',
      'Build number',
      'Upload Confirmed',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    const firstRow = (await within(table).findAllByRole('row'))[1];
    expect(cellTexts(firstRow).slice(1, 8)).toEqual([
      '12',
      'Windows',
      '1.1.0',
      '104',
      'No',
      ...createdAndUpdated(builds[0]),
    ]);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Yes');
    expect(await screen.findByText('Aurora Reverb (com.aurora.reverb)')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/products/1/builds')?.query).toEqual({ page: 1, per_page: 25 });
  });

  it('links each build to its details', async () => {
    renderCatalog('/Home/ProductBuilds/1', server());
    expect(await screen.findByRole('link', { name: 'View details of build 11' })).toHaveAttribute(
      'href',
      '/Home/BuildDetails/1/11',
    );
  });

  it('enables Create Release once builds are selected and opens it with their ids', async () => {
    const { user, currentPath } = renderCatalog('/Home/ProductBuilds/1', server());
    const create = screen.getByRole('button', { name: 'Create Release' });
    expect(create).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select row build 12' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row build 10' }));
    expect(screen.getByText('2 build(s) selected')).toBeInTheDocument();
    expect(create).toBeEnabled();
    await user.click(create);
    expect(currentPath()).toBe('/Home/CreateRelease/1/10,12');
  });

  it('selects and clears every build of the page with Select All, keeping the selection across pages', async () => {
    const { user } = renderCatalog(
      '/Home/ProductBuilds/1',
      server((call) =>
        call.query?.page === 2 ? page([makeBuild({ id: 5 })], { total: 30, current: 2 }) : page(builds, { total: 30 }),
      ),
    );
    await screen.findByRole('checkbox', { name: 'Select row build 12' });
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByText('3 build(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select row build 5' }));
    expect(screen.getByText('4 build(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByText('1 build(s) selected')).toBeInTheDocument();
  });

  it('says so when there are no builds, or they could not be loaded', async () => {
    const empty = renderCatalog(
      '/Home/ProductBuilds/1',
      server(() => page([])),
    );
    expect(await screen.findByText('No builds yet.')).toBeInTheDocument();
    empty.unmount();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCatalog(
      '/Home/ProductBuilds/1',
      server(() => Promise.reject(new Error('down'))),
    );
    await waitFor(() => expect(screen.getByText('Builds could not be loaded. Please try again.')).toBeInTheDocument());
    consoleError.mockRestore();
  });

  it('does not call the API for an address without a product id', async () => {
    const { calls } = renderCatalog('/Home/ProductBuilds/x', server());
    expect(screen.getByRole('alert')).toHaveTextContent('There is no product at this address.');
    expect(calls).toEqual([]);
  });
});
