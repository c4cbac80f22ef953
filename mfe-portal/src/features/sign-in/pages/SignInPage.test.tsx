import { act, screen, waitFor } from '@testing-library/react';
import { apiError, deferred } from 'shared-kit/testing';
import { customerSession, descriptor } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

const NOTICE = 'If that address belongs to a customer here, a sign-in code is on its way. It works for 10 minutes.';
const codeAnswer = { notice: NOTICE, expires_in_seconds: 600 };

describe('SignInPage', () => {
  it('asks for the email, then the code, and signs the customer in', async () => {
    const { user, pageCalls, currentPath, store } = renderPortal('/sign-in', {
      signedIn: false,
      server: (call) => {
        if (call.path === '/portal/aurora-audio/sign-in/code') return codeAnswer;
        if (call.path === '/portal/aurora-audio/sign-in') return customerSession;
        if (call.path === '/portal/licenses')
          return {
            data: [],
            pagination: {
              records: { total: 0, per_page: 25 },
              pages: { current: 1, previous: null, next: null, last: 1 },
            },
          };
        throw apiError(404, 'Not found');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Aurora Audio')).toBeInTheDocument();
    expect(screen.getByText(/Enter the email address Aurora Audio knows you by/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email address/), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
    expect(screen.getByText(/The code goes to ada@example.com/)).toBeInTheDocument();
    expect(screen.getByLabelText(/6-digit code/)).toHaveFocus();
    expect(pageCalls()[0]).toEqual({
      method: 'POST',
      path: '/portal/aurora-audio/sign-in/code',
      body: { email: 'ada@example.com' },
    });

    await user.type(screen.getByLabelText(/6-digit code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/licenses'));
    expect(pageCalls()[1]).toEqual({
      method: 'POST',
      path: '/portal/aurora-audio/sign-in',
      body: { email: 'ada@example.com', code: '123456' },
    });
    expect(store.token()).toBe(customerSession.token);
    expect(await screen.findByText('Signed in as ada@example.com')).toBeInTheDocument();
  });

  it('refuses what the server would refuse before sending anything, focusing the field', async () => {
    const { user, pageCalls } = renderPortal('/sign-in', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'ada@');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('That is not a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveFocus();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(pageCalls()).toEqual([]);
  });

  it("shows the server's words when a code is refused, and sends a new code on request", async () => {
    const { user, pageCalls } = renderPortal('/sign-in', {
      signedIn: false,
      server: (call) => {
        if (call.path === '/portal/aurora-audio/sign-in/code') return codeAnswer;
        throw apiError(401, 'That code is not right. 4 tries left.');
      },
    });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/6-digit code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is the 6 digits from the mail.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/6-digit code/), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way. Only the newest code works.')).toBeInTheDocument();
    expect(screen.getByLabelText(/6-digit code/)).toHaveValue('');
    expect(screen.getByLabelText(/6-digit code/)).toHaveFocus();
    expect(pageCalls().map((call) => call.path)).toEqual([
      '/portal/aurora-audio/sign-in/code',
      '/portal/aurora-audio/sign-in',
      '/portal/aurora-audio/sign-in/code',
    ]);

    await user.click(screen.getByRole('button', { name: 'Use another email address' }));
    expect(await screen.findByLabelText(/Email address/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/Email address/)).toHaveFocus();
  });

  it('says why a code request was refused (rate limit) and keeps the address', async () => {
    const answer = deferred<never>();
    const { user } = renderPortal('/sign-in', { signedIn: false, server: () => answer.promise });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await act(async () =>
      answer.reject(apiError(429, 'Too many sign-in codes asked for. Please wait 40 minutes and try again.')),
    );
    expect(
      await screen.findByText('Too many sign-in codes asked for. Please wait 40 minutes and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveValue('ada@example.com');
  });

  it('tells the customer when the session has ended, and sends a signed-in customer on to the licences', async () => {
    const { store, currentPath } = renderPortal('/sign-in', { server: () => new Promise(() => {}) });
    await waitFor(() => expect(currentPath()).toBe('/licenses'));
    act(() => store.end());
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(currentPath()).toBe('/sign-in');
  });

  it('says so when there is no portal at the address, or when it is switched off', async () => {
    const { unmount } = renderPortal('/sign-in', { signedIn: false, portal: { ...descriptor, enabled: false } });
    expect(await screen.findByText('This portal is switched off. Please contact Aurora Audio.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    unmount();
    renderPortal('/sign-in', {
      signedIn: false,
      portal: null,
      server: () => Promise.reject(apiError(404, 'Portal not found')),
    });
    expect(await screen.findByText('There is no customer portal at this address.')).toBeInTheDocument();
  });
});
