import { screen } from '@testing-library/react';
import { apiError, type RecordedApiCall } from 'shared-kit/testing';
import { renderPortal } from '../../../shared/test-support/render-portal';

describe('AccountPage', () => {
  it('changes the email: new address, "check your new inbox", the code, then the signed-in address is the new one', async () => {
    const server = (call: RecordedApiCall) => {
      if (call.path === '/portal/email-change')
        return {
          notice:
            'We sent a code to ada.new@example.com. Enter it here to confirm your new address. It works for 30 minutes.',
          sent_to: 'ada.new@example.com',
          expires_in_seconds: 1800,
        };
      if (call.path === '/portal/email-change/confirm')
        return {
          id: 1,
          email: 'ada.new@example.com',
          manufacturer: { id: 1, name: 'Aurora Audio', slug: 'aurora-audio' },
        };
      return Promise.reject(apiError(404, 'Not found'));
    };
    const { user, pageCalls, store } = renderPortal('/account', { server });
    expect(await screen.findByText('You are signed in as ada@example.com.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/New email address/), 'ada.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a code to the new address' }));
    expect(await screen.findByRole('heading', { name: 'Check your new inbox' })).toBeInTheDocument();
    expect(screen.getByText(/We sent a code to ada.new@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/6-digit code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm the new address' }));
    expect(
      await screen.findByText('Your email is now ada.new@example.com. We told your old address.'),
    ).toBeInTheDocument();
    expect(screen.getByText('You are signed in as ada.new@example.com.')).toBeInTheDocument();
    expect(store.snapshot().session?.user.email).toBe('ada.new@example.com');
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/email-change', body: { new_email: 'ada.new@example.com' } },
      { method: 'POST', path: '/portal/email-change/confirm', body: { code: '123456' } },
    ]);
  });

  it("checks the address before sending, and shows the server's refusals in its words", async () => {
    const { user, pageCalls } = renderPortal('/account', {
      server: (call) =>
        call.path === '/portal/email-change'
          ? Promise.reject(
              apiError(409, 'Another customer already uses bob@example.com. Please choose another address.'),
            )
          : Promise.reject(apiError(404, 'Not found')),
    });
    await user.type(await screen.findByLabelText(/New email address/), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send a code to the new address' }));
    expect(await screen.findByText('That is not a valid email address.')).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(screen.getByLabelText(/New email address/));
    await user.type(screen.getByLabelText(/New email address/), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a code to the new address' }));
    expect(
      await screen.findByText('Another customer already uses bob@example.com. Please choose another address.'),
    ).toBeInTheDocument();
  });
});
