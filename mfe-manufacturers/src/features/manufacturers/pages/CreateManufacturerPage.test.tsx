import { screen } from '@testing-library/react';
import { auroraSession, renderArea, superuserSession } from '../../../shared/test-support/render-area';

const emptyList = { data: [], pagination: { records: { total: 0, per_page: 100 }, pages: { current: 1, previous: null, next: null, last: 1 } } };
const noServer = () => {
  throw new Error('no call expected');
};

describe('Create Manufacturer', () => {
  it('tells a superuser how manufacturers are created and leads back to the list', async () => {
    const { user, calls } = renderArea({ entries: ['/Home/CreateManufacturer'], session: superuserSession, server: () => emptyList });
    expect(screen.getByRole('heading', { name: 'Create Manufacturer' })).toBeInTheDocument();
    expect(screen.getByText(/created by a ProductHub operator/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to Manufacturers' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/Home\/Manufacturers$/);
    expect(await screen.findByText('No manufacturers found.')).toBeInTheDocument();
  });

  it('denies a manufacturer user', () => {
    renderArea({ entries: ['/Home/CreateManufacturer'], session: auroraSession, server: noServer });
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
  });
});
