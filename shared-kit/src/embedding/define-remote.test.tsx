import { act } from 'react';
import { screen } from '@testing-library/react';
import { remoteRoutes } from '../pages/page-table';
import { defineRemote } from './define-remote';

const table = remoteRoutes({
  remote: 'catalog',
  pages: {
    list: { path: 'MyProducts', at: () => 'MyProducts' },
    edit: { path: 'UpdateProduct/:productID', at: (productId: number) => `UpdateProduct/${productId}` },
  },
});

const remote = defineRemote(table, {
  list: () => <h1>The list</h1>,
  edit: () => <h1>The form</h1>,
});

describe('defineRemote', () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('mounts the page of the address under the base path, with the kit’s providers', async () => {
    window.history.pushState(null, '', '/embed/UpdateProduct/4');
    const element = document.body.appendChild(document.createElement('div'));
    let unmount = () => undefined as void;
    await act(async () => {
      unmount = remote.mount(element, { apiBaseUrl: 'http://api.test/api/v1', basePath: '/embed' });
    });

    expect(remote.name).toBe('catalog');
    expect(await screen.findByRole('heading', { name: 'The form' })).toBeInTheDocument();
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
    act(() => unmount());
    element.remove();
  });
});
