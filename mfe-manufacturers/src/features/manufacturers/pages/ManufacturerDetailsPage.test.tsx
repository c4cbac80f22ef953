import { BUYER_MAILS } from 'shared-kit/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_PAGINATION, SaveNoticeProvider, type Manufacturer } from 'shared-kit';
import type { InitialEntry } from 'react-router';
import { renderPage, apiError, manufacturerSession, superuserSession } from 'shared-kit/testing';
import type { RenderPageOptions, RecordedApiCall, FakeApiServer } from 'shared-kit/testing';
import ManufacturersRoutes from '../../../remote';
import { manufacturerFixture } from '../../../shared/test-support/manufacturer-fixture';

/** The area's routes under /Home, as the shell mounts them, opened at the last of `entries`. */
const renderArea = ({ entries, ...options }: RenderPageOptions & { entries: InitialEntry[] }) =>
  renderPage(<ManufacturersRoutes />, { ...options, url: entries, route: '/Home/*' });

const AURORA = manufacturerFixture();
const LIST_WITH_PAGE = '/Home/Manufacturers?page=2';
const withReturnTo = (path: string, returnTo = LIST_WITH_PAGE) => `${path}?returnTo=${encodeURIComponent(returnTo)}`;

/** GET answers the stored manufacturer; PATCH merges, or answers what `onPatch` gives or throws. */
function manufacturerServer(
  options: { stored?: Manufacturer; onPatch?: (call: RecordedApiCall) => unknown } = {},
): FakeApiServer {
  let stored = options.stored ?? AURORA;
  return (call) => {
    // The list a Back may lead to.
    if (call.method === 'GET' && call.path === '/manufacturers')
      return { data: [stored], pagination: EMPTY_PAGINATION };
    // The sections below the details (their own tests are in features/webhooks, features/emails and features/portal).
    if (call.method === 'GET' && call.path === `/manufacturers/${stored.id}/webhook-endpoints`) return { data: [] };
    if (call.method === 'GET' && call.path === `/manufacturers/${stored.id}/mail-settings`) {
      return {
        manufacturer_id: stored.id,
        sender_name: null,
        reply_to: null,
        logo_url: null,
        brand_color: null,
        default_sender_name: stored.name,
        default_reply_to: stored.email,
        updated_at: null,
      };
    }
    if (call.method === 'GET' && call.path === `/manufacturers/${stored.id}/buyer-mails`) {
      return {
        manufacturer_id: stored.id,
        ...Object.fromEntries(BUYER_MAILS.map((mail) => [mail, true])),
        updated_at: null,
      };
    }
    if (call.method === 'GET' && call.path === `/manufacturers/${stored.id}/portal-settings`) {
      return { slug: 'aurora-audio', enabled: true, portal_url: 'http://127.0.0.1:8080/portal/aurora-audio/' };
    }
    if (call.path !== `/manufacturers/${stored.id}`) throw apiError(404, 'Manufacturer not found');
    if (call.method === 'GET') return stored;
    if (call.method === 'PATCH') {
      const answer = options.onPatch?.(call);
      stored = (answer as Manufacturer | undefined) ?? {
        ...stored,
        ...(call.body as Partial<Manufacturer>),
        updated_at: '2025-06-01T09:00:00.000Z',
      };
      return stored;
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

/** The calls about the manufacturer itself, not the sections below its details. */
const manufacturerCalls = (calls: RecordedApiCall[]) =>
  calls.filter(
    (call) =>
      ![
        '/webhook-endpoints',
        '/mail-settings',
        '/buyer-mails',
        '/portal-settings',
        '/sso',
        '/stores',
        '/staff',
        '/two-factor-requirement',
      ].some((section) => call.path.includes(section)),
  );

const location = () => screen.getByLabelText('Current location');
// Within the details form: the Mail settings section below has fields of its own (Sender name, Reply-to email).
const field = (label: string) =>
  within(screen.getByRole('form', { name: 'Manufacturer details' })).getByLabelText(label, {
    exact: false,
    selector: 'input, textarea',
  }) as HTMLInputElement;

async function openAsSuperuser(entries = [withReturnTo('/Home/Manufacturers/7')], server = manufacturerServer()) {
  const view = renderArea({ entries, session: superuserSession, server });
  await screen.findByDisplayValue('Aurora Audio');
  return view;
}

describe('manufacturer details page', () => {
  it('loads the manufacturer and shows every field read-only until Edit', async () => {
    const { calls } = renderArea({
      entries: ['/Home/Manufacturers/7'],
      session: superuserSession,
      server: manufacturerServer(),
    });
    expect(screen.getByRole('heading', { name: 'Manufacturer Details' })).toBeInTheDocument();
    expect(screen.getByText('Loading manufacturer...')).toBeInTheDocument();
    await screen.findByDisplayValue('Aurora Audio');
    expect(manufacturerCalls(calls)).toEqual([{ method: 'GET', path: '/manufacturers/7', query: undefined }]);
    expect(screen.getByRole('heading', { name: 'Aurora Audio' })).toBeInTheDocument();

    expect(field('Name')).toHaveValue('Aurora Audio');
    expect(field('Name')).toBeRequired();
    expect(field('Email')).toHaveValue('hello@aurora-audio.example');
    expect(field('Address')).toHaveValue('Klangweg 5\n10115 Berlin');
    expect(field('Address').tagName).toBe('TEXTAREA');
    expect(field('Address')).toHaveAttribute('rows', '3');
    expect(field('Phone')).toHaveValue('+49 30 1234567');
    expect(field('VAT ID')).toHaveValue('DE811907980');
    expect(field('Country Code')).toHaveValue('DE');
    expect(field('Country Code')).toHaveAttribute('maxlength', '2');
    expect(field('Country Code')).toHaveAttribute('placeholder', 'e.g. US, DE, UK');
    expect(field('Manufacturer Pool ID')).toHaveValue('pool-aurora-eu-1');
    expect(field('Created At')).toHaveValue(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(AURORA.created_at),
      ),
    );
    expect(field('Updated At')).not.toHaveValue('');
    for (const label of [
      'Name',
      'Email',
      'Address',
      'Phone',
      'VAT ID',
      'Country Code',
      'Manufacturer Pool ID',
      'Created At',
      'Updated At',
    ]) {
      expect(field(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('shows empty optional fields as blank', async () => {
    const bare = manufacturerFixture({
      email: null,
      address: null,
      phone: null,
      vat_id: null,
      country_code: null,
      manufacturer_pool_id: null,
    });
    renderArea({
      entries: ['/Home/Manufacturers/7'],
      session: superuserSession,
      server: manufacturerServer({ stored: bare }),
    });
    await screen.findByDisplayValue('Aurora Audio');
    for (const label of ['Email', 'Address', 'Phone', 'VAT ID', 'Country Code', 'Manufacturer Pool ID'])
      expect(field(label)).toHaveValue('');
  });

  it('Edit makes the editable fields editable (not the read-only ones); Save Changes only when something changed', async () => {
    const { user } = await openAsSuperuser();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Name')).toHaveFocus();
    for (const label of ['Name', 'Email', 'Address', 'Phone', 'VAT ID', 'Country Code'])
      expect(field(label)).not.toHaveAttribute('readonly');
    for (const label of ['Manufacturer Pool ID', 'Created At', 'Updated At'])
      expect(field(label)).toHaveAttribute('readonly');

    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await user.type(field('Phone'), '9');
    expect(save).toBeEnabled();
    await user.type(field('Phone'), '{Backspace}');
    expect(save).toBeDisabled();
    await user.clear(field('VAT ID'));
    expect(save).toBeEnabled();
  });

  it('Cancel resets the form and returns to view mode, sending nothing', async () => {
    const { user, calls } = await openAsSuperuser();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Renamed');
    await user.type(field('Address'), '{Enter}Germany');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Name')).toHaveValue('Aurora Audio');
    expect(field('Address')).toHaveValue('Klangweg 5\n10115 Berlin');
    expect(field('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('saves the merged manufacturer object, says so, and shows the saved values read-only', async () => {
    const { user, calls } = await openAsSuperuser();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Aurora Audio GmbH');
    await user.clear(field('Country Code'));
    await user.type(field('Country Code'), 'at');
    expect(field('Country Code')).toHaveValue('AT');
    await user.clear(field('Phone'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Manufacturer updated successfully!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/manufacturers/7',
        body: { ...AURORA, name: 'Aurora Audio GmbH', country_code: 'AT', phone: '' },
      },
    ]);
    expect(field('Name')).toHaveValue('Aurora Audio GmbH');
    expect(field('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  it('shows Saving... and allows no second save while the request runs', async () => {
    let finish: (value: Manufacturer) => void = () => undefined;
    const server = manufacturerServer({ onPatch: () => new Promise<Manufacturer>((resolve) => (finish = resolve)) });
    const { user, calls } = await openAsSuperuser(undefined, server);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(field('VAT ID'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(field('VAT ID')).toHaveAttribute('readonly');
    await user.type(field('VAT ID'), '{Enter}');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
    await act(async () => finish({ ...AURORA, vat_id: 'DE8119079800' }));
    expect(await screen.findByText('Manufacturer updated successfully!')).toBeInTheDocument();
  });

  describe('validation', () => {
    it.each([
      ['Name', '   ', 'Name is required.'],
      ['Email', 'not-an-email', 'Email must be a valid email address, e.g. info@example.com.'],
      ['Country Code', 'D', 'Country Code must be 2 letters, e.g. US, DE, UK.'],
      ['Country Code', '1A', 'Country Code must be 2 letters, e.g. US, DE, UK.'],
    ])('refuses %s %p with a message under the field and sends nothing', async (label, value, message) => {
      const { user, calls } = await openAsSuperuser();
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.clear(field(label));
      if (value.trim()) await user.type(field(label), value);
      else await user.type(field(label), value.replace(/ /g, '[Space]'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(message);
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

      await user.clear(field(label));
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    });

    it('an empty name leaves Save Changes enabled (something changed) but is refused', async () => {
      const { user, calls } = await openAsSuperuser();
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.clear(field('Name'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Name is required.')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    });
  });

  describe('save failures (docs/console.md, Manufacturer details)', () => {
    it.each([
      [
        'the server message',
        apiError(400, 'Email must be a valid email address, e.g. info@example.com.'),
        'Email must be a valid email address, e.g. info@example.com.',
      ],
      ['the fallback text when there is none', apiError(500), 'Failed to update manufacturer. Please try again.'],
      [
        'the fallback text for an unexpected failure',
        new Error('boom'),
        'Failed to update manufacturer. Please try again.',
      ],
      ['Manufacturer not found for a missing manufacturer', apiError(404), 'Manufacturer not found'],
    ])('shows %s and keeps the edits', async (_case, failure, message) => {
      const server = manufacturerServer({
        onPatch: () => {
          throw failure;
        },
      });
      const { user } = await openAsSuperuser(undefined, server);
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.type(field('Phone'), '0');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(field('Phone')).toHaveValue('+49 30 12345670');
      expect(field('Phone')).not.toHaveAttribute('readonly');
      expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      expect(screen.queryByText('Manufacturer updated successfully!')).not.toBeInTheDocument();
    });
  });

  describe('load failures', () => {
    // docs/console.md, Errors: a failed fetch is logged.
    let logged: jest.SpyInstance;
    beforeEach(() => {
      logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => logged.mockRestore());

    it('says Manufacturer not found for a missing manufacturer, with Back still there', async () => {
      renderArea({ entries: ['/Home/Manufacturers/99'], session: superuserSession, server: manufacturerServer() });
      expect(await screen.findByRole('alert')).toHaveTextContent('Manufacturer not found');
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
      expect(logged).toHaveBeenCalledWith(
        'Failed to load /manufacturers/99:',
        expect.objectContaining({ status: 404 }),
      );
    });

    it.each(['abc', '0', '-3', '1.5', '99999999999'])(
      'says Manufacturer not found for the id %s without asking the server',
      (id) => {
        const { calls } = renderArea({
          entries: [`/Home/Manufacturers/${id}`],
          session: superuserSession,
          server: manufacturerServer(),
        });
        expect(screen.getByRole('alert')).toHaveTextContent('Manufacturer not found');
        expect(calls).toEqual([]);
      },
    );

    it('reads the id 07 as 7, as every remote reads ids (shared-kit useIdParam, the contract Id)', async () => {
      const { calls } = renderArea({
        entries: ['/Home/Manufacturers/07'],
        session: superuserSession,
        server: manufacturerServer(),
      });
      expect(await screen.findByDisplayValue('Aurora Audio')).toBeInTheDocument();
      expect(manufacturerCalls(calls)).toEqual([{ method: 'GET', path: '/manufacturers/7', query: undefined }]);
    });

    it('shows why a load failed and loads again on Retry', async () => {
      let down = true;
      const server: FakeApiServer = (call) => {
        if (down) throw apiError(0, 'The server could not be reached. Check your connection and try again.');
        return manufacturerServer()(call);
      };
      const { user } = renderArea({ entries: ['/Home/Manufacturers/7'], session: superuserSession, server });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The server could not be reached. Check your connection and try again.',
      );
      down = false;
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByDisplayValue('Aurora Audio')).toBeInTheDocument();
    });
  });

  describe('access (docs/console.md, Roles and access)', () => {
    it('lets a manufacturer user open and edit their own manufacturer', async () => {
      const { user, calls, services } = renderArea({
        entries: ['/Home/Dashboard', '/Home/Manufacturers/7'],
        session: manufacturerSession,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.type(field('Email'), 'x');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Manufacturer updated successfully!')).toBeInTheDocument();
      expect(manufacturerCalls(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /manufacturers/7',
        'PATCH /manufacturers/7',
      ]);
      // Their own manufacturer: the shell re-reads the session so the top bar shows the saved name at once.
      expect(services.refreshSession).toHaveBeenCalledTimes(1);
    });

    it("denies a manufacturer user another manufacturer's page without asking the server", () => {
      const { calls } = renderArea({
        entries: ['/Home/Manufacturers/8'],
        session: manufacturerSession,
        server: manufacturerServer(),
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
      expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('shows the access message when the server refuses (embedded without a session)', async () => {
      jest.spyOn(console, 'error').mockImplementationOnce(() => undefined);
      renderArea({
        entries: ['/Home/Manufacturers/7'],
        session: null,
        server: () => Promise.reject(apiError(403, 'Access denied. Superuser privileges required.')),
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
    });
  });

  describe('Back (docs/console.md, Manufacturer details)', () => {
    it.each([
      ['a superuser', superuserSession],
      ['a manufacturer user', manufacturerSession],
    ])('goes to returnTo when present, for %s', async (_who, session) => {
      const { user } = renderArea({
        entries: ['/Home/Dashboard', withReturnTo('/Home/Manufacturers/7', '/Home/Users?page=3')],
        session,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent('/Home/Users?page=3');
    });

    it('goes back one step for a manufacturer user without returnTo', async () => {
      const { user } = renderArea({
        entries: ['/Home/MyProducts?page=2', '/Home/Manufacturers/7'],
        session: manufacturerSession,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home\/MyProducts\?page=2$/);
    });

    it('sends a manufacturer user who opened the page directly to /Home instead of out of the console', async () => {
      const { user } = renderArea({
        entries: ['/Home/Manufacturers/7'],
        session: manufacturerSession,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home$/);
    });

    it('goes to the manufacturers list for a superuser without returnTo', async () => {
      const { user } = renderArea({
        entries: ['/Home/Dashboard', '/Home/Manufacturers/7'],
        session: superuserSession,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers$/);
    });

    it('ignores a returnTo that would leave the console', async () => {
      const { user } = renderArea({
        entries: [withReturnTo('/Home/Manufacturers/7', 'https://evil.example/phish')],
        session: superuserSession,
        server: manufacturerServer(),
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers$/);
    });

    it('works on the error pages too', async () => {
      const { user } = renderArea({
        entries: ['/Home/Dashboard', '/Home/Manufacturers/8'],
        session: manufacturerSession,
        server: manufacturerServer(),
      });
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home\/Dashboard$/);
    });
  });

  describe('leaving 2 s after a save (docs/console.md, Manufacturer details)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    async function saveAPhoneChange(entries: string[], session = superuserSession) {
      const view = renderArea({
        entries,
        session,
        server: manufacturerServer(),
        advanceTimers: jest.advanceTimersByTime,
        wrapper: SaveNoticeProvider,
      });
      await screen.findByDisplayValue('Aurora Audio');
      await view.user.click(screen.getByRole('button', { name: 'Edit' }));
      await view.user.type(field('Phone'), '1');
      await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Manufacturer updated successfully!');
      return view;
    }

    const after = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

    it('goes to returnTo 2000 ms after the save, not before', async () => {
      await saveAPhoneChange([withReturnTo('/Home/Manufacturers/7')]);
      await after(1999);
      expect(location()).toHaveTextContent('/Home/Manufacturers/7?returnTo=');
      await after(1);
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers\?page=2$/);
    });

    it('goes to the manufacturers list for a superuser without returnTo', async () => {
      await saveAPhoneChange(['/Home/Manufacturers/7']);
      await after(2000);
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers$/);
    });

    it('goes back one step for a manufacturer user without returnTo', async () => {
      await saveAPhoneChange(['/Home/Users', '/Home/Manufacturers/7'], manufacturerSession);
      await after(2000);
      expect(location()).toHaveTextContent(/^\/Home\/Users$/);
    });

    it('confirms the save where it leaves to, naming the manufacturer with a link back to it', async () => {
      const { user } = await saveAPhoneChange(['/Home/Dashboard', '/Home/Manufacturers/7'], manufacturerSession);
      expect(screen.queryByText('Manufacturer Aurora Audio saved.')).not.toBeInTheDocument();
      await after(2000);
      expect(location()).toHaveTextContent(/^\/Home\/Dashboard$/);
      expect(screen.getByText('Manufacturer Aurora Audio saved.')).toBeInTheDocument();
      const back = screen.getByRole('link', { name: 'Open Aurora Audio' });
      expect(back).toHaveAttribute('href', '/Home/Manufacturers/7');
      await user.click(back);
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers\/7$/);
    });

    it('does not navigate again when the user pressed Back before the 2 s were up', async () => {
      const { user } = await saveAPhoneChange(['/Home/Dashboard', '/Home/Manufacturers/7'], superuserSession);
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers$/);
      await after(5000);
      expect(location()).toHaveTextContent(/^\/Home\/Manufacturers$/);
    });

    it('stays put when the save failed', async () => {
      const server = manufacturerServer({
        onPatch: () => {
          throw apiError(500);
        },
      });
      const { user } = renderArea({
        entries: [withReturnTo('/Home/Manufacturers/7')],
        session: superuserSession,
        server,
        advanceTimers: jest.advanceTimersByTime,
      });
      await screen.findByDisplayValue('Aurora Audio');
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.type(field('Phone'), '1');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Failed to update manufacturer. Please try again.');
      await after(5000);
      expect(location()).toHaveTextContent('/Home/Manufacturers/7?returnTo=');
      await waitFor(() =>
        expect(
          within(screen.getByRole('form', { name: 'Manufacturer details' })).getByRole('button', {
            name: 'Save Changes',
          }),
        ).toBeEnabled(),
      );
    });
  });
});
