import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, page } from 'shared-kit/testing';
import { makeLicense, makeMachine } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

describe('LicensesPage', () => {
  it('shows each licence: product, type, serial with copy, state, machines in use of the limit and each machine', async () => {
    const named = makeMachine({ id: 22, name: 'Studio Mac', hardware_fingerprint: 'fp-1' });
    const licenses = [
      makeLicense(),
      makeLicense({
        id: 12,
        product: { id: 5, name: 'Aurora Delay', identifier: null },
        license_type: 'NFR',
        state: 'disabled',
        disabled_reason: 'CancelledOrder',
        machines: [named],
        machines_in_use: 1,
        machine_limit: 1,
      }),
    ];
    const { pageCalls } = renderPortal('/licenses', {
      server: (call) =>
        call.path === '/portal/licenses' ? page(licenses) : Promise.reject(apiError(404, 'Not found')),
    });

    const reverb = await screen.findByRole('listitem', { name: 'Aurora Reverb' });
    expect(within(reverb).getByText('Standard')).toBeInTheDocument();
    expect(within(reverb).getByText('ABCDE-FGHJK-MNPQR-STVWX')).toBeInTheDocument();
    expect(within(reverb).getByRole('button', { name: 'Copy serial' })).toBeInTheDocument();
    expect(within(reverb).getByText('Active')).toBeInTheDocument();
    expect(within(reverb).getByText('1 of 3 in use')).toBeInTheDocument();
    expect(within(reverb).getByText('Fingerprint fp-9f2c')).toBeInTheDocument();
    expect(within(reverb).getByText(/Activated: Jan 2, 2026/)).toBeInTheDocument();
    expect(within(reverb).getByText(/Last seen: Feb 3, 2026/)).toBeInTheDocument();

    const delay = screen.getByRole('listitem', { name: 'Aurora Delay' });
    expect(within(delay).getByText('Not for resale')).toBeInTheDocument();
    expect(within(delay).getByText('Disabled: cancelled order')).toBeInTheDocument();
    // A named machine: its name first, its fingerprint below it.
    expect(within(delay).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(delay).getByText('Fingerprint fp-1')).toBeInTheDocument();
    expect(within(reverb).getAllByText(/^Fingerprint /)).toHaveLength(1);
    expect(pageCalls()).toEqual([{ method: 'GET', path: '/portal/licenses', query: { page: 1 } }]);
  });

  it('copies a serial to the clipboard and says so', async () => {
    const { user } = renderPortal('/licenses', { server: () => page([makeLicense()]) });
    await user.click(await screen.findByRole('button', { name: 'Copy serial' }));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe('ABCDE-FGHJK-MNPQR-STVWX');
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
  });

  it('says when there are no licenses yet, and when they could not be loaded (with a retry)', async () => {
    let fail = true;
    const { user, unmount } = renderPortal('/licenses', {
      server: () => (fail ? Promise.reject(apiError(500, 'Internal server error. Please try again.')) : page([])),
    });
    expect(await screen.findByText('Your licenses could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no licenses with Aurora Audio yet.')).toBeInTheDocument();
    unmount();
  });

  it('pages through a long list with the address', async () => {
    const { user, pageCalls, currentPath } = renderPortal('/licenses', {
      server: (call) =>
        page([makeLicense({ id: Number(call.query?.page) * 100 })], {
          total: 60,
          perPage: 25,
          current: Number(call.query?.page),
        }),
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(currentPath()).toBe('/licenses?page=2');
    expect(pageCalls().at(-1)).toEqual({ method: 'GET', path: '/portal/licenses', query: { page: 2 } });
  });

  it('leads to sign-in without a session, and back to it when the server ends the session', async () => {
    const { currentPath, unmount } = renderPortal('/licenses', { signedIn: false });
    await waitFor(() => expect(currentPath()).toBe('/sign-in'));
    unmount();
    const view = renderPortal('/licenses', { server: () => page([makeLicense()]) });
    await screen.findByRole('listitem', { name: 'Aurora Reverb' });
    act(() => view.store.end());
    await waitFor(() => expect(view.currentPath()).toBe('/sign-in'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('signs out: ends the session on the server, forgets it and goes to sign-in', async () => {
    const { user, pageCalls, currentPath, store } = renderPortal('/licenses', {
      server: (call) => (call.path === '/portal/sign-out' ? undefined : page([])),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentPath()).toBe('/sign-in'));
    expect(pageCalls().at(-1)).toEqual({ method: 'POST', path: '/portal/sign-out', body: undefined });
    expect(store.token()).toBeUndefined();
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
  });

  it('has the navigation of a signed-in customer, with the page shown marked', async () => {
    renderPortal('/licenses', { server: () => page([]) });
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'My licenses' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My trials' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Signed in as ada@example.com')).toBeInTheDocument();
  });

  it('names a named machine in the free dialog, its button and what it says after', async () => {
    const machine = makeMachine({ id: 31, name: 'Studio Mac', hardware_fingerprint: 'fp-5e6f' });
    const { user } = renderPortal('/licenses', {
      server: (call) =>
        call.method === 'POST'
          ? {
              license_id: 11,
              machine_id: 31,
              name: 'Studio Mac',
              hardware_fingerprint: 'fp-5e6f',
              deactivated_at: '2026-03-01T10:00:00.000Z',
              deactivations_left: 1,
            }
          : page([makeLicense({ machines: [machine] })]),
    });
    await user.click(await screen.findByRole('button', { name: 'Free this machine: Studio Mac' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free this machine?' });
    expect(within(dialog).getByText(/^Studio Mac will no longer use this license/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Free this machine' }));
    expect(await screen.findByText('Studio Mac was freed. 1 more can be freed in the next 30 days.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('frees a machine after a confirmation, says how many more can be freed, and reads the list again', async () => {
    let freed = false;
    const { user, pageCalls } = renderPortal('/licenses', {
      server: (call) => {
        if (call.method === 'POST' && call.path === '/portal/licenses/11/machines/21/deactivate') {
          freed = true;
          return {
            license_id: 11,
            machine_id: 21,
            name: null,
            hardware_fingerprint: 'fp-9f2c',
            deactivated_at: '2026-03-01T10:00:00.000Z',
            deactivations_left: 2,
          };
        }
        return page([makeLicense(freed ? { machines: [], machines_in_use: 0 } : {})]);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Free this machine: Fingerprint fp-9f2c' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free this machine?' });
    expect(within(dialog).getByText(/Fingerprint fp-9f2c will no longer use this license/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Free this machine: Fingerprint fp-9f2c' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Free this machine' }));
    expect(
      await screen.findByText('Fingerprint fp-9f2c was freed. 2 more can be freed in the next 30 days.'),
    ).toHaveAttribute('role', 'status');
    expect(await screen.findByText('0 of 3 in use')).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/licenses/11/machines/21/deactivate', body: undefined },
    ]);
  });

  it("shows the cap's answer in the server's words, and frees nothing", async () => {
    const cap =
      "This license already freed 3 machines in the last 30 days, the most allowed. The next machine can be freed on 24 December 2026 at 14:05 UTC, or the manufacturer's support can free it now.";
    const { user } = renderPortal('/licenses', {
      server: (call) => (call.method === 'POST' ? Promise.reject(apiError(409, cap)) : page([makeLicense()])),
    });
    await user.click(await screen.findByRole('button', { name: 'Free this machine: Fingerprint fp-9f2c' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Free this machine' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cap);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 3 in use')).toBeInTheDocument();
  });
});
