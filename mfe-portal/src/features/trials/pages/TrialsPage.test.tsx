import { screen, within } from '@testing-library/react';
import { apiError, page } from 'shared-kit/testing';
import { makeTrial } from '../../../shared/test-support/fixtures';
import { renderPortal } from '../../../shared/test-support/render-portal';

describe('TrialsPage', () => {
  it('shows which trial runs on which machine, when it started and when it ends', async () => {
    const trials = [
      makeTrial(),
      makeTrial({
        id: 32,
        product: { id: 6, name: 'Aurora Chorus' },
        machine: { name: null, hardware_fingerprint: 'fp-77' },
        ends_at: null,
        running: false,
      }),
    ];
    const { pageCalls } = renderPortal('/trials', { server: () => page(trials) });
    const delay = await screen.findByRole('listitem', { name: 'Aurora Delay' });
    expect(within(delay).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(delay).getByText(/Feb 1, 2026/)).toBeInTheDocument();
    expect(within(delay).getByText(/Feb 15, 2026.*\(Running\)/)).toBeInTheDocument();
    const chorus = screen.getByRole('listitem', { name: 'Aurora Chorus' });
    expect(within(chorus).getByText('Fingerprint fp-77')).toBeInTheDocument();
    expect(within(chorus).getByText('No fixed end (Ended)')).toBeInTheDocument();
    expect(pageCalls()).toEqual([{ method: 'GET', path: '/portal/trials', query: { page: 1 } }]);
  });

  it('says when no trial runs, and when the trials could not be loaded', async () => {
    const { unmount } = renderPortal('/trials', { server: () => page([]) });
    expect(await screen.findByText('No trials run on your machines.')).toBeInTheDocument();
    unmount();
    renderPortal('/trials', { server: () => Promise.reject(apiError(503, 'Service unavailable')) });
    expect(await screen.findByText('Your trials could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
