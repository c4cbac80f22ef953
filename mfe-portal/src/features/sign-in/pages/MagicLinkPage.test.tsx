import { screen, waitFor } from '@testing-library/react';
import { apiError } from 'shared-kit/testing';
import { customerSession } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

const noLicences = {
  data: [],
  pagination: { records: { total: 0, per_page: 25 }, pages: { current: 1, previous: null, next: null, last: 1 } },
};

describe('MagicLinkPage (/sign-in?token=…)', () => {
  it("signs in with the link's token, once, and opens the licences", async () => {
    const { pageCalls, currentPath, store } = renderPortal('/sign-in?token=link-token', {
      signedIn: false,
      server: (call) => (call.path === '/portal/aurora-audio/sign-in' ? customerSession : noLicences),
    });
    await waitFor(() => expect(currentPath()).toBe('/licenses'));
    expect(store.token()).toBe(customerSession.token);
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/aurora-audio/sign-in', body: { token: 'link-token' } },
    ]);
  });

  it("says in the server's words why a link does not work, and leads to a new code", async () => {
    const { user, currentPath, store } = renderPortal('/sign-in?token=used', {
      signedIn: false,
      server: () => Promise.reject(apiError(401, 'That sign-in link was already used. Ask for a new one.')),
    });
    expect(await screen.findByRole('heading', { name: 'This sign-in link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('That sign-in link was already used. Ask for a new one.');
    expect(store.token()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Ask for a new code' }));
    expect(currentPath()).toBe('/sign-in');
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});
