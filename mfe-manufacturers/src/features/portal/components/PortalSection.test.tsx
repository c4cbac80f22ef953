import { screen, waitFor, within } from '@testing-library/react';
import type { PortalSettings } from 'shared-kit';
import { apiError, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { FakeApiServer, RecordedApiCall } from 'shared-kit/testing';
import { renderArea } from '../../../shared/test-support/render-area';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';
import { PORTAL_LOAD_FAILED } from './PortalSection';
import { SLUG_INVALID, SLUG_EMPTY } from './portal-slug-form';
import { SLUG_SAVED } from './PortalSlugForm';
import { PORTAL_ON_LABEL, SWITCHED_OFF, SWITCHED_ON, SWITCH_OFF_WARNING } from './PortalSwitch';

const SETTINGS = '/manufacturers/7/portal-settings';
const TAKEN = 'Another manufacturer already has that portal address. Please choose another.';
const RESERVED = 'That portal address is reserved. Please choose another.';

const urlOf = (slug: string) => `http://127.0.0.1:8080/portal/${slug}/`;

/** The manufacturer page's calls; the portal settings as the server keeps them. */
function portalServer(refuse?: (call: RecordedApiCall) => unknown): FakeApiServer {
  let settings: PortalSettings = { slug: 'aurora-audio', enabled: true, portal_url: urlOf('aurora-audio') };
  return (call) => {
    if (call.path === '/manufacturers/7' && call.method === 'GET') return manufacturerFixture();
    if (call.path !== SETTINGS) throw apiError(404, 'Not found');
    refuse?.(call);
    if (call.method === 'PATCH') {
      const change = call.body as Partial<PortalSettings>;
      const slug = change.slug ?? settings.slug;
      settings = { slug, enabled: change.enabled ?? settings.enabled, portal_url: urlOf(slug) };
    }
    return settings;
  };
}

const open = (server: FakeApiServer, session = manufacturerSession) =>
  renderArea({ entries: ['/Home/Manufacturers/7'], session, server });
const section = async () => screen.findByRole('region', { name: 'Customer portal' });
const slugForm = async () => within(await section()).findByRole('form', { name: 'Portal address' });
const writes = (calls: RecordedApiCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

describe('the customer portal of a manufacturer', () => {
  // The page's other sections (mail settings, webhooks) are not answered here: their failures are logged.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the portal address as a link opening in a new tab, the slug and the switch', async () => {
    open(portalServer());
    const link = await within(await section()).findByRole('link', { name: urlOf('aurora-audio') });
    expect(link).toHaveAttribute('href', urlOf('aurora-audio'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(await slugForm()).getByRole('textbox', { name: 'Portal address (slug)' })).toHaveValue(
      'aurora-audio',
    );
    expect(within(await section()).getByRole('checkbox', { name: PORTAL_ON_LABEL })).toBeChecked();
  });

  it('saves a new slug and shows the new address', async () => {
    const { user, calls } = open(portalServer(), superuserSession);
    const slug = within(await slugForm()).getByRole('textbox', { name: 'Portal address (slug)' });
    await user.clear(slug);
    await user.type(slug, ' aurora-plugins ');
    await user.click(within(await slugForm()).getByRole('button', { name: 'Save address' }));
    expect(await within(await section()).findByText(SLUG_SAVED)).toBeInTheDocument();
    expect(await within(await section()).findByRole('link', { name: urlOf('aurora-plugins') })).toBeInTheDocument();
    expect(writes(calls)).toEqual([['PATCH', SETTINGS, { slug: 'aurora-plugins' }]]);
  });

  it('refuses an empty slug and one the server would not take, without asking the server', async () => {
    const { user, calls } = open(portalServer());
    const slug = within(await slugForm()).getByRole('textbox', { name: 'Portal address (slug)' });
    await user.clear(slug);
    await user.click(within(await slugForm()).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(SLUG_EMPTY)).toBeInTheDocument();
    await user.type(slug, 'Aurora_Audio');
    await user.click(within(await slugForm()).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(SLUG_INVALID)).toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'aurora-');
    await user.click(within(await slugForm()).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(SLUG_INVALID)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it.each([
    [409, TAKEN, 'nimbus-instruments'],
    [400, RESERVED, 'licenses'],
  ])("shows the server's %i at the slug, focused, and keeps the address", async (status, message, typed) => {
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'PATCH') throw apiError(status, message);
    };
    const { user } = open(portalServer(refuse));
    const slug = within(await slugForm()).getByRole('textbox', { name: 'Portal address (slug)' });
    await user.clear(slug);
    await user.type(slug, typed);
    await user.click(within(await slugForm()).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(slug).toHaveFocus());
    expect(within(await section()).getByRole('link', { name: urlOf('aurora-audio') })).toBeInTheDocument();
  });

  it('switches the portal off only after a confirmation, and on again at once', async () => {
    const { user, calls } = open(portalServer());
    const toggle = await within(await section()).findByRole('checkbox', { name: PORTAL_ON_LABEL });
    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Switch the portal off?' });
    expect(dialog).toHaveTextContent(SWITCH_OFF_WARNING);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Switch the portal off?' })).getByRole('button', {
        name: 'Switch off',
      }),
    );
    expect(await within(await section()).findByText(SWITCHED_OFF)).toBeInTheDocument();
    expect(
      await within(await section()).findByRole('checkbox', { name: PORTAL_ON_LABEL, checked: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(await section()).getByRole('checkbox', { name: PORTAL_ON_LABEL }));
    expect(await within(await section()).findByText(SWITCHED_ON)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['PATCH', SETTINGS, { enabled: false }],
      ['PATCH', SETTINGS, { enabled: true }],
    ]);
  });

  it('says why switching failed', async () => {
    const refuse = (call: RecordedApiCall) => {
      if (call.method === 'PATCH') throw apiError(403, 'Access denied.');
    };
    const { user } = open(portalServer(refuse));
    await user.click(await within(await section()).findByRole('checkbox', { name: PORTAL_ON_LABEL }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Switch the portal off?' })).getByRole('button', {
        name: 'Switch off',
      }),
    );
    expect(await within(await section()).findByRole('alert')).toHaveTextContent('Access denied.');
    expect(within(await section()).getByRole('checkbox', { name: PORTAL_ON_LABEL })).toBeChecked();
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    let fail = true;
    const refuse = () => {
      if (fail) throw new Error('network down');
    };
    const { user } = open(portalServer(refuse));
    expect(await within(await section()).findByText(PORTAL_LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(within(await section()).getByRole('button', { name: 'Retry' }));
    expect(await slugForm()).toBeInTheDocument();
  });
});
