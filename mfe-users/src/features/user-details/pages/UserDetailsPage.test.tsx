import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, type EndUserDetails } from 'shared-kit';
import UsersRoutes from '../../../remote';
import {
  columnTitles,
  type FakeApiServer as FakeRoutes,
  type RecordedApiCall as RecordedCall,
  renderPage,
} from 'shared-kit/testing';
import { BETA, RELEASE, userDetails } from '../test-data';

function LicenseTableStub({ source }: { source: { userId: number } | { productId: number } }) {
  return <p>License table for {JSON.stringify(source)}</p>;
}
const licensingRemote = () => jest.fn().mockResolvedValue({ default: LicenseTableStub });

function renderDetails({
  user = userDetails(),
  more,
  loadRemoteModule = licensingRemote(),
  path = '/Home/UserDetails/1',
}: { user?: EndUserDetails; more?: FakeRoutes; loadRemoteModule?: jest.Mock; path?: string } = {}) {
  const server = (call: RecordedCall) => {
    if (call.method === 'GET' && call.path === `/users/${user.id}`) return user;
    if (call.method === 'GET' && call.path === '/manufacturers/7/channels') return [RELEASE, BETA];
    if (more) return more(call);
    throw new ApiError(404, ['Not found']);
  };
  return {
    ...renderPage(<UsersRoutes />, { server, url: path, route: '/Home/*', services: { loadRemoteModule } }),
    loadRemoteModule,
  };
}

describe('UserDetailsPage', () => {
  it('shows a loading state, then "User: {email}" with the user’s ID and external ID', async () => {
    renderDetails();
    expect(screen.getByRole('status')).toHaveTextContent('Loading user...');
    expect(await screen.findByRole('heading', { level: 1, name: 'User: ada@listener.example' })).toBeInTheDocument();
    expect(screen.getByText('crm-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit User' })).toHaveAttribute(
      'href',
      '/Home/EditUser/1/ada%40listener.example/crm-1',
    );
  });

  it('says "User not found." for a missing user (or another manufacturer’s)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetails({ path: '/Home/UserDetails/404' });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('offers Retry when the user could not be loaded', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const server: FakeRoutes = (call) => {
      if (call.path === '/users/1') {
        if (fail) throw new ApiError(0, ['The server could not be reached.']);
        return userDetails();
      }
      if (call.path === '/manufacturers/7/channels') return [RELEASE, BETA];
      throw new Error('unexpected');
    };
    const { user } = renderPage(<UsersRoutes />, {
      server,
      url: '/Home/UserDetails/1',
      route: '/Home/*',
      services: { loadRemoteModule: licensingRemote() },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The user could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'User: ada@listener.example' })).toBeInTheDocument();
    log.mockRestore();
  });

  it('explains an address that names no user, without calling the server', () => {
    const { calls } = renderDetails({ path: '/Home/UserDetails/abc' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This address does not name a user. Open the user from the Users list.',
    );
    expect(calls).toEqual([]);
  });

  describe('fingerprints', () => {
    it('are hidden until the toggle shows them, numbered, with hardware fingerprint and created date', async () => {
      const { user } = renderDetails();
      const toggle = await screen.findByRole('button', { name: 'Show Fingerprints (2)' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('HW-AAAA-1111')).not.toBeInTheDocument();
      await user.click(toggle);
      const list = screen.getByRole('list', { name: 'Fingerprints' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Fingerprint 1');
      expect(items[0]).toHaveTextContent('HW-AAAA-1111');
      expect(items[0]).toHaveTextContent(/Created .*2026/);
      expect(items[1]).toHaveTextContent('Fingerprint 2');
      expect(items[1]).toHaveTextContent('HW-BBBB-2222');
      await user.click(screen.getByRole('button', { name: 'Hide Fingerprints' }));
      expect(screen.queryByText('HW-AAAA-1111')).not.toBeInTheDocument();
    });

    it('say so when there are none', async () => {
      const { user } = renderDetails({ user: userDetails({ fingerprints: [] }) });
      await user.click(await screen.findByRole('button', { name: 'Show Fingerprints (0)' }));
      expect(screen.getByText('No fingerprints found for this user.')).toBeInTheDocument();
    });
  });

  describe('licence transfers', () => {
    it('open in a dialog with Sent and Received tabs, their columns and empty texts, and close', async () => {
      const { user } = renderDetails();
      await user.click(await screen.findByRole('button', { name: 'View License Transfers' }));
      const dialog = screen.getByRole('dialog', { name: 'License Transfers' });
      expect(within(dialog).getByRole('tab', { name: 'Sent Transfers' })).toHaveAttribute('aria-selected', 'true');
      expect(columnTitles(dialog)).toEqual(['To User', 'Product', 'Serial', 'Transfer Date']);
      const row = within(dialog).getByRole('cell', { name: 'grace@listener.example' }).closest('tr')!;
      expect(row).toHaveTextContent('Aurora Reverb');
      expect(row).toHaveTextContent('AAAAA-BBBBB-CCCCC-DDDDD');
      expect(row).toHaveTextContent('2026');

      await user.click(within(dialog).getByRole('tab', { name: 'Received Transfers' }));
      expect(columnTitles(dialog)).toEqual(['From User', 'Product', 'Serial', 'Transfer Date']);
      expect(within(dialog).getByText('No received license transfers found.')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('show the received transfers and the empty sent text', async () => {
      const { user } = renderDetails({
        user: userDetails({
          license_transfers_sent: [],
          license_transfers_received: [
            {
              id: 501,
              created_at: '2026-03-02T12:00:00Z',
              from_user: { id: 3, email: 'linus@listener.example' },
              license: { id: 901, serial: 'EEEEE-FFFFF-GGGGG-HHHHH', product: { id: 4, name: 'Aurora Synth Engine' } },
            },
          ],
        }),
      });
      await user.click(await screen.findByRole('button', { name: 'View License Transfers' }));
      const dialog = screen.getByRole('dialog', { name: 'License Transfers' });
      expect(within(dialog).getByText('No sent license transfers found.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('tab', { name: 'Received Transfers' }));
      const row = within(dialog).getByRole('cell', { name: 'linus@listener.example' }).closest('tr')!;
      expect(row).toHaveTextContent('Aurora Synth Engine');
      expect(row).toHaveTextContent('EEEEE-FFFFF-GGGGG-HHHHH');
    });
  });

  describe('licences', () => {
    it('shows the licensing remote’s licence table for this user, and New License', async () => {
      const { loadRemoteModule } = renderDetails();
      expect(await screen.findByText('License table for {"userId":1}')).toBeInTheDocument();
      expect(loadRemoteModule).toHaveBeenCalledWith('licensing', 'license-table');
      expect(screen.getByRole('link', { name: 'New License' })).toHaveAttribute(
        'href',
        '/Home/CreateUserLicense/1/ada%40listener.example',
      );
    });

    it('shows a loading state while the table loads', async () => {
      renderDetails({ loadRemoteModule: jest.fn(() => new Promise(() => undefined)) });
      await screen.findByRole('heading', { name: 'User: ada@listener.example' });
      expect(screen.getByText('Loading licenses...')).toBeInTheDocument();
    });

    it('says so in place with Retry when the licensing remote cannot load, the rest of the page still working', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const loadRemoteModule = jest
        .fn()
        .mockRejectedValueOnce(new Error('remote down'))
        .mockResolvedValue({ default: LicenseTableStub });
      const { user } = renderDetails({ loadRemoteModule });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The licenses could not be loaded.');
      expect(screen.getByRole('button', { name: 'View License Transfers' })).toBeEnabled();
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('License table for {"userId":1}')).toBeInTheDocument();
      expect(loadRemoteModule).toHaveBeenCalledTimes(2);
      log.mockRestore();
    });

    it('says so in place when the remote has no licence table or the table fails while rendering', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      function BrokenTable(): never {
        throw new Error('boom');
      }
      const loadRemoteModule = jest
        .fn()
        .mockResolvedValueOnce({})
        .mockResolvedValueOnce({ default: BrokenTable })
        .mockResolvedValue({ default: LicenseTableStub });
      const { user } = renderDetails({ loadRemoteModule });
      expect(await screen.findByRole('alert')).toHaveTextContent('The licenses could not be loaded.');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(loadRemoteModule).toHaveBeenCalledTimes(2));
      expect(await screen.findByRole('alert')).toHaveTextContent('The licenses could not be loaded.');
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('License table for {"userId":1}')).toBeInTheDocument();
      log.mockRestore();
    });
  });
});
