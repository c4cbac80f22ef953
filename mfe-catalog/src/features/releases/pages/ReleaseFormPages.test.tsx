import { screen, waitFor, within } from '@testing-library/react';
import { apiError, notFound, page, type RecordedApiCall } from 'shared-kit/testing';
import { renderCatalog } from '../../../shared/test-support/render-catalog';
import {
  BETA_CHANNEL,
  MANUFACTURER_ID,
  RELEASE_CHANNEL,
  distributionTo,
  makeBuild,
  makeProduct,
  makeRelease,
} from '../../../shared/test-support/fixtures';

const mac = makeBuild({ id: 11, os: 'macOS', build_number: 101 });
const win = makeBuild({ id: 12, os: 'Windows', build_number: 102 });
const any = makeBuild({ id: 13, os: 'any', build_number: 103 });
const NOT_DISTRIBUTABLE = 'Cannot Distribute release with current Build choices.';

function catalogServer(extra: (call: RecordedApiCall) => unknown = (call) => Promise.reject(notFound(call))) {
  return (call: RecordedApiCall) => {
    if (call.method !== 'GET') return extra(call);
    if (call.path === '/products/1') return makeProduct();
    if (call.path === '/products/1/builds/11') return mac;
    if (call.path === '/products/1/builds/12') return win;
    if (call.path === '/products/1/builds/13') return any;
    if (call.path === '/products/1/builds') return page([any, win, mac], { perPage: 250 });
    if (call.path === '/products/1/releases') return page([]);
    if (call.path === `/manufacturers/${MANUFACTURER_ID}/channels`) return [RELEASE_CHANNEL, BETA_CHANNEL];
    return extra(call);
  };
}

const buildRows = () =>
  within(screen.getByRole('table', { name: 'Builds of the release' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('Create Release', () => {
  it('starts from the builds in the address, skipping those that fail to load, with no Distribution section', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderCatalog('/Home/CreateRelease/1/11,99,12', catalogServer());
    await screen.findByRole('table', { name: 'Builds of the release' });
    expect(buildRows()).toEqual(['11', '12']);
    expect(calls.filter((call) => /\/builds\/\d+$/.test(call.path)).map((call) => call.path)).toEqual([
      '/products/1/builds/11',
      '/products/1/builds/99',
      '/products/1/builds/12',
    ]);
    expect(consoleError).toHaveBeenCalledWith('Failed to load build 99:', expect.anything());
    expect(screen.queryByRole('heading', { name: 'Distribution' })).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('is valid without builds', async () => {
    renderCatalog('/Home/CreateRelease/1', catalogServer());
    expect(await screen.findByText('No builds selected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('creates the release with empty fields omitted and the build ids, then opens the saved release and confirms it', async () => {
    const { user, calls, currentPath } = renderCatalog(
      '/Home/CreateRelease/1/11,12',
      catalogServer(() => makeRelease()),
    );
    await user.type(await screen.findByLabelText('Description'), 'Spring release');
    await user.type(screen.getByLabelText('App Version Min'), '1.0.0');
    await user.click(screen.getByLabelText('Unlocks Without License'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/Home/UpdateRelease/1/30'));
    expect(screen.getByText('Release 30 saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/products/1/releases',
      body: { description: 'Spring release', app_version_min: '1.0.0', unlocks_wo_license: true, builds: [11, 12] },
    });
  });

  it('chooses builds in the Select Builds dialog from the first 250 builds', async () => {
    const { user, calls } = renderCatalog('/Home/CreateRelease/1/11', catalogServer());
    await screen.findByRole('table', { name: 'Builds of the release' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Builds' });
    await within(dialog).findByRole('checkbox', { name: 'Select row build 13' });
    expect(calls.find((call) => call.path === '/products/1/builds')?.query).toEqual({ page: 1, per_page: 250 });
    expect(within(dialog).getByRole('checkbox', { name: 'Select row build 11' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select row build 11' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select row build 13' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buildRows()).toEqual(['13']);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Select Builds' });
    await user.click(await within(again).findByRole('checkbox', { name: 'Select row build 12' }));
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(buildRows()).toEqual(['13']);
  });

  it('refuses a bad manual address or versions before calling the server', async () => {
    const { user, calls } = renderCatalog('/Home/CreateRelease/1', catalogServer());
    await user.type(await screen.findByLabelText('Manual URL'), 'manual.pdf');
    await user.type(screen.getByLabelText('App Version Min'), '2.0');
    await user.type(screen.getByLabelText('App Version Max'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Manual URL must be an http:// or https:// address.')).toBeInTheDocument();
    expect(screen.getByText('App Version Min must not be greater than App Version Max.')).toBeInTheDocument();
    expect(screen.getByLabelText('Manual URL')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's message in the error modal", async () => {
    const { user, showError, currentPath } = renderCatalog(
      '/Home/CreateRelease/1/11',
      catalogServer(() => Promise.reject(apiError(400, 'Build 11 is not a build of this product.'))),
    );
    await screen.findByRole('table', { name: 'Builds of the release' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Build 11 is not a build of this product.'));
    expect(currentPath()).toBe('/Home/CreateRelease/1/11');
  });
});

describe('Update Release', () => {
  const release = makeRelease({ id: 30, builds: [mac, win], distributions: [distributionTo(RELEASE_CHANNEL)] });
  const editServer = (extra?: (call: RecordedApiCall) => unknown) =>
    catalogServer((call) => {
      if (call.method === 'GET' && call.path === '/products/1/releases/30') return release;
      return extra ? extra(call) : Promise.reject(notFound(call));
    });

  it('loads the release with its builds and one checkbox per channel of the manufacturer', async () => {
    renderCatalog('/Home/UpdateRelease/1/30', editServer());
    expect(screen.getByRole('heading', { name: 'Update Release 30' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Description')).toHaveValue('Spring release');
    expect(buildRows()).toEqual(['11', '12']);
    const channels = await screen.findByRole('group', { name: 'Distribution channels' });
    expect(within(channels).getByRole('checkbox', { name: 'Release' })).toBeChecked();
    expect(within(channels).getByRole('checkbox', { name: 'Beta' })).not.toBeChecked();
  });

  it('blocks Save with the distribution warning when a channel is chosen without a macOS and a Windows build, or one for any OS', async () => {
    const { user } = renderCatalog('/Home/UpdateRelease/1/30', editServer());
    await screen.findByRole('group', { name: 'Distribution channels' });
    expect(screen.queryByText(NOT_DISTRIBUTABLE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Builds' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select row build 12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_DISTRIBUTABLE);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Release' }));
    expect(screen.queryByText(NOT_DISTRIBUTABLE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('asks to save new builds before adding a channel when the saved builds cannot be distributed, sending nothing', async () => {
    const macOnly = makeRelease({ id: 31, builds: [mac], distributions: [] });
    const { user, calls } = renderCatalog(
      '/Home/UpdateRelease/1/31',
      catalogServer((call) => (call.path === '/products/1/releases/31' ? macOnly : Promise.reject(notFound(call)))),
    );
    await screen.findByRole('group', { name: 'Distribution channels' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Builds' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select row build 12' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Save the new build choices first, then add the release to a channel.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('explains the rule in an info dialog', async () => {
    const { user } = renderCatalog('/Home/UpdateRelease/1/30', editServer());
    const about = await screen.findByRole('button', { name: 'About distributing a release' });
    expect(about.querySelector('svg[data-icon="info"]')).not.toBeNull(); // drawn: no ⓘ glyph a font could lack
    await user.click(about);
    const dialog = await screen.findByRole('dialog', { name: 'Distributing a Release' });
    expect(dialog).toHaveTextContent(
      'A Release needs at least one Build for Windows and MacOS, or alternatively a build for any OS, to be released to a Distribution Channel.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends channel removals, then additions, then the release with every field, and stays on it with a confirmation', async () => {
    const { user, calls, currentPath } = renderCatalog(
      '/Home/UpdateRelease/1/30',
      editServer((call) => (call.method === 'PATCH' ? release : undefined)),
    );
    await screen.findByRole('group', { name: 'Distribution channels' });
    await user.click(screen.getByRole('checkbox', { name: 'Release' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Beta only');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Release 30 saved.')).toBeInTheDocument();
    expect(currentPath()).toBe('/Home/UpdateRelease/1/30');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'DELETE', path: `/manufacturers/${MANUFACTURER_ID}/channels/${RELEASE_CHANNEL.id}/releases/30` },
      {
        method: 'POST',
        path: `/manufacturers/${MANUFACTURER_ID}/channels/${BETA_CHANNEL.id}/releases`,
        body: { product_release_id: 30 },
      },
      {
        method: 'PATCH',
        path: '/products/1/releases/30',
        body: expect.objectContaining({
          id: 30,
          description: 'Beta only',
          manual: 'https://aurora.example/manual.pdf',
          app_version_max: '',
          unlocks_wo_license: false,
          builds: [11, 12],
        }),
      },
    ]);
  });

  it('does not save the release when a channel change fails, and shows why', async () => {
    const { user, calls, showError, currentPath } = renderCatalog(
      '/Home/UpdateRelease/1/30',
      editServer((call) =>
        call.method === 'POST'
          ? Promise.reject(apiError(409, 'Release 30 is already distributed to channel Beta.'))
          : undefined,
      ),
    );
    await screen.findByRole('group', { name: 'Distribution channels' });
    await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Release 30 is already distributed to channel Beta.'));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(currentPath()).toBe('/Home/UpdateRelease/1/30');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says so when the release cannot be loaded', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCatalog('/Home/UpdateRelease/1/77', editServer());
    expect(await screen.findByRole('alert')).toHaveTextContent('This release could not be loaded.');
    consoleError.mockRestore();
  });
});
