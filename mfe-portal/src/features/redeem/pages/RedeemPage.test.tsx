import { screen } from '@testing-library/react';
import { apiError, type RecordedApiCall } from 'shared-kit/testing';
import { renderPortal } from '../../../shared/test-support/render-portal';
import { makeLicense } from '../../../shared/test-support/fixtures';

const pageOf = (data: unknown[]) => ({
  data,
  pagination: {
    records: { total: data.length, per_page: 25 },
    pages: { current: 1, previous: null, next: null, last: 1 },
  },
});

describe('RedeemPage', () => {
  it('redeems a serial as typed, says what it became, and My licenses shows it', async () => {
    let redeemed = false;
    const server = (call: RecordedApiCall) => {
      if (call.path === '/portal/redeem') {
        redeemed = true;
        return {
          license_id: 7,
          serial: 'ABCDE-FGHJK-MNPQR-STVWX',
          license_type: 'Standard',
          product: { id: 1, name: 'Aurora Reverb' },
        };
      }
      if (call.path.startsWith('/portal/licenses'))
        return pageOf(redeemed ? [makeLicense({ id: 7, serial: 'ABCDE-FGHJK-MNPQR-STVWX' })] : []);
      return Promise.reject(apiError(404, 'Not found'));
    };
    const { user, pageCalls } = renderPortal('/redeem', { server });
    expect(await screen.findByRole('heading', { name: 'Redeem a serial' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Serial/), '  abcde fghjk mnpqr stvwx ');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(
      await screen.findByText('Aurora Reverb (Standard) is now yours, with the serial ABCDE-FGHJK-MNPQR-STVWX.'),
    ).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/portal/redeem', body: { serial: 'abcde fghjk mnpqr stvwx' } },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go to my licenses' }));
    expect(await screen.findByText('ABCDE-FGHJK-MNPQR-STVWX')).toBeInTheDocument();
  });

  it('asks for a serial before sending, and shows a refusal in the server’s plain words', async () => {
    const { user, pageCalls } = renderPortal('/redeem', {
      server: (call) =>
        call.path === '/portal/redeem'
          ? Promise.reject(apiError(409, 'This serial has already been redeemed.'))
          : Promise.reject(apiError(404, 'Not found')),
    });
    await user.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Enter the serial, as printed: XXXXX-XXXXX-XXXXX-XXXXX.')).toBeInTheDocument();
    expect(pageCalls().filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(screen.getByLabelText(/Serial/), 'ABCDE-FGHJK-MNPQR-STVWX');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('This serial has already been redeemed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeEnabled();
  });
});
