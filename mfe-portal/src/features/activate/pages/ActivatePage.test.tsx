import { screen, waitFor } from '@testing-library/react';
import { apiError, type RecordedApiCall } from 'shared-kit/testing';
import type { PortalBrowserActivation } from 'shared-kit';
import { customerSession } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

const request = (changes: Partial<PortalBrowserActivation> = {}): PortalBrowserActivation => ({
  user_code: 'BCDF-GHJK',
  status: 'pending',
  product: { id: 3, name: 'Aurora Reverb' },
  machine_name: 'Studio Mac',
  hardware_fingerprint: 'HWFP2-STUDIO',
  expires_at: '2026-03-01T10:10:00.000Z',
  licenses: [
    {
      id: 41,
      serial: 'ABCDE-FGHJK-MNPQR-STVWX',
      license_type: 'Standard',
      active_machines: 1,
      machine_limit: 3,
      holds_this_machine: false,
    },
    {
      id: 42,
      serial: 'ZZZZZ-FGHJK-MNPQR-STVWX',
      license_type: 'Standard',
      active_machines: 2,
      machine_limit: 3,
      holds_this_machine: true,
    },
  ],
  ...changes,
});

const decided = (status: 'approved' | 'denied') => ({
  user_code: 'BCDF-GHJK',
  status,
  product: { id: 3, name: 'Aurora Reverb' },
});

const server = (call: RecordedApiCall) => {
  if (call.method === 'GET' && call.path === '/portal/browser-activations/BCDF-GHJK') return request();
  if (call.method === 'POST' && call.path === '/portal/browser-activations/BCDF-GHJK/approve')
    return decided('approved');
  if (call.method === 'POST' && call.path === '/portal/browser-activations/BCDF-GHJK/deny') return decided('denied');
  if (call.method === 'GET' && call.path === '/portal/browser-activations/BBBB-BBBB')
    return Promise.reject(apiError(409, 'This code has expired (codes last 10 minutes).'));
  return Promise.reject(apiError(404, 'There is no activation request with this code.'));
};

describe('ActivatePage (/activate)', () => {
  it('says "Unnamed computer" when the plugin reported no name, with the fingerprint as its ID', async () => {
    renderPortal('/activate?code=BCDF-GHJK', {
      server: (call: RecordedApiCall) =>
        call.method === 'GET' && call.path === '/portal/browser-activations/BCDF-GHJK'
          ? request({ machine_name: null })
          : Promise.reject(apiError(404, 'There is no activation request with this code.')),
    });
    expect(await screen.findByText('Unnamed computer')).toBeInTheDocument();
    expect(screen.getByText('HWFP2-STUDIO')).toBeInTheDocument();
  });

  it('shows the request of the code in its address, and approves it with the licence picked by keyboard', async () => {
    const { user, pageCalls } = renderPortal('/activate?code=BCDF-GHJK', { server });
    expect(await screen.findByRole('heading', { name: 'Activate Aurora Reverb' })).toBeInTheDocument();
    expect(screen.getByText('Studio Mac')).toBeInTheDocument();
    expect(screen.getByText('HWFP2-STUDIO')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ABCDE-FGHJK-MNPQR-STVWX: on 1 of 3 computers' })).not.toBeChecked();
    expect(
      screen.getByRole('radio', { name: 'ZZZZZ-FGHJK-MNPQR-STVWX: already on this computer' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate on this computer' }));
    expect(screen.getByText('License to use on this computer', { selector: 'p' })).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([]);

    screen.getByRole('radio', { name: /ABCDE/ }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: /ABCDE/ })).toBeChecked();
    screen.getByRole('button', { name: 'Activate on this computer' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Aurora Reverb is activated on this computer. You can return to Aurora Reverb now.',
    );
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/browser-activations/BCDF-GHJK/approve', body: { license_id: 41 } },
    ]);
  });

  it('refuses a request that is not the customer’s', async () => {
    const { user, pageCalls } = renderPortal('/activate?code=BCDF-GHJK', { server });
    await user.click(await screen.findByRole('button', { name: 'This is not my request' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Refused: Aurora Reverb will not be activated with this code.',
    );
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/browser-activations/BCDF-GHJK/deny' },
    ]);
  });

  it('takes a typed code in any case and shape, and checks it before asking', async () => {
    const { user, currentPath } = renderPortal('/activate', { server });
    const box = await screen.findByLabelText(/Code shown by your plugin/);
    expect(box).toHaveFocus();
    await user.type(box, 'bcd1{Enter}');
    expect(await screen.findByText('Enter the 8 letters your plugin shows, like BCDF-GHJK.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, ' bcdf ghjk {Enter}');
    expect(await screen.findByRole('heading', { name: 'Activate Aurora Reverb' })).toBeInTheDocument();
    expect(currentPath()).toBe('/activate?code=BCDF-GHJK');
  });

  it('says in plain words when a code is expired or unknown, and lets the customer enter another', async () => {
    const { user } = renderPortal('/activate?code=BBBB-BBBB', { server });
    expect(await screen.findByText('This code has expired (codes last 10 minutes).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter another code' }));
    await user.type(await screen.findByLabelText(/Code shown by your plugin/), 'CCCC-CCCC{Enter}');
    expect(await screen.findByText('There is no activation request with this code.')).toBeInTheDocument();
  });

  it('says so when none of the licences can take the computer, with the way to free one', async () => {
    renderPortal('/activate?code=BCDF-GHJK', {
      server: (call) => (call.method === 'GET' ? request({ licenses: [] }) : server(call)),
    });
    expect(
      await screen.findByText(/None of your licenses of Aurora Reverb can take this computer/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My licenses' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate on this computer' })).not.toBeInTheDocument();
  });

  it('sends a customer who is not signed in to sign-in, and back to the code after it', async () => {
    const { user, currentPath } = renderPortal('/activate?code=BCDF-GHJK', {
      signedIn: false,
      server: (call) => {
        if (call.path === '/portal/aurora-audio/sign-in/code') return { notice: 'Sent.', expires_in_seconds: 900 };
        if (call.path === '/portal/aurora-audio/sign-in') return customerSession;
        return server(call);
      },
    });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText(/6-digit code/), '123456{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/activate?code=BCDF-GHJK'));
    expect(await screen.findByRole('heading', { name: 'Activate Aurora Reverb' })).toBeInTheDocument();
  });
});
