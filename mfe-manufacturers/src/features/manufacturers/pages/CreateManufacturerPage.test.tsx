import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { renderPage, type RenderPageOptions, manufacturerSession, superuserSession } from 'shared-kit/testing';
import ManufacturersRoutes from '../../../remote';

/** The area's routes under /Home, as the shell mounts them, opened at the last of `entries`. */
const renderArea = ({ entries, ...options }: RenderPageOptions & { entries: InitialEntry[] }) =>
  renderPage(<ManufacturersRoutes />, { ...options, url: entries, route: '/Home/*' });

const emptyList = {
  data: [],
  pagination: { records: { total: 0, per_page: 100 }, pages: { current: 1, previous: null, next: null, last: 1 } },
};
const noServer = () => {
  throw new Error('no call expected');
};

describe('Create Manufacturer', () => {
  it('tells a superuser how manufacturers are created and leads back to the list', async () => {
    const { user, calls } = renderArea({
      entries: ['/Home/CreateManufacturer'],
      session: superuserSession,
      server: () => emptyList,
    });
    expect(screen.getByRole('heading', { name: 'Create Manufacturer' })).toBeInTheDocument();
    expect(screen.getByText(/created by a ProductHub operator/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to Manufacturers' }));
    expect(screen.getByLabelText('Current location')).toHaveTextContent(/^\/Home\/Manufacturers$/);
    expect(await screen.findByText('No manufacturers found.')).toBeInTheDocument();
  });

  it('denies a manufacturer user', () => {
    renderArea({ entries: ['/Home/CreateManufacturer'], session: manufacturerSession, server: noServer });
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied. Superuser privileges required.');
  });
});
