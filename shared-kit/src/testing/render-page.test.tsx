import { act, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { useApiResource, useErrorModal, useSession } from '../index';
import { apiError } from './fake-api-client';
import { superuserSession } from './fixtures';
import { renderPage } from './render-page';

function ProductPage() {
  const { data, error } = useApiResource<{ name: string }>('/products/4');
  const showError = useErrorModal();
  const session = useSession();
  return (
    <>
      <h1>{data?.name ?? (error ? 'Failed' : 'Loading')}</h1>
      <p>{session?.access_level ?? 'anonymous'}</p>
      <button type="button" onClick={() => showError('Broken')}>
        Break
      </button>
      <Link to="/Home/Elsewhere?page=2">Elsewhere</Link>
    </>
  );
}

const routes = (
  <Routes>
    <Route path="Product" element={<ProductPage />} />
    <Route path="Elsewhere" element={<p>Elsewhere page</p>} />
  </Routes>
);

describe('renderPage', () => {
  // Failed loads are logged on purpose; keep the output readable.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders routes under their pattern with the services, recording the fake API calls', async () => {
    const { calls } = renderPage(routes, {
      url: '/Home/Product',
      route: '/Home/*',
      server: () => ({ name: 'Reverb' }),
    });
    expect(await screen.findByRole('heading', { name: 'Reverb' })).toBeInTheDocument();
    expect(screen.getByText('manufacturer')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/products/4' }]);
  });

  it('answers 404 where the test gives no server, and takes the session given', async () => {
    renderPage(routes, { url: '/Home/Product', route: '/Home/*', session: superuserSession });
    expect(await screen.findByRole('heading', { name: 'Failed' })).toBeInTheDocument();
    expect(screen.getByText('superuser')).toBeInTheDocument();
  });

  it('fails a call the server throws for, as the real client does', async () => {
    renderPage(routes, {
      url: '/Home/Product',
      route: '/Home/*',
      server: () => {
        throw apiError(500, 'Down');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Failed' })).toBeInTheDocument();
  });

  it('shows where the router is, follows links and navigations, and spies on the error modal', async () => {
    const view = renderPage(routes, {
      url: ['/Home/Start', '/Home/Product'],
      route: '/Home/*',
      server: () => ({ name: 'Reverb' }),
    });
    expect(view.currentPath()).toBe('/Home/Product');
    await view.user.click(screen.getByRole('button', { name: 'Break' }));
    expect(view.showError).toHaveBeenCalledWith('Broken');
    await view.user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Elsewhere page')).toBeInTheDocument();
    expect(view.currentPath()).toBe('/Home/Elsewhere?page=2');
    expect(view.location().search).toBe('?page=2');
    act(() => view.navigate('/Outside'));
    expect(view.currentPath()).toBe('/Outside');
  });
});
