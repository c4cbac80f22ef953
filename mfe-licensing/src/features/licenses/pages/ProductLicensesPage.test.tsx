import { screen } from '@testing-library/react';
import LicensingRoutes from '../../../remote';
import { renderPage } from 'shared-kit/testing';
import { endUser, fakeLicensingServer, license } from '../../../shared/test-support/fake-licensing-server';

const ann = endUser(11, 'ann@listener.example');
const handler = fakeLicensingServer({ users: [ann], licenses: [license(1, ann)] });

describe('/Home/ProductLicenses/{productID}/{productName}/{productIdentifier}', () => {
  it('shows the title with the product name, the identifier and the licence table', async () => {
    const { calls } = renderPage(<LicensingRoutes />, {
      server: handler,
      url: '/ProductLicenses/1/Aurora%20Reverb/com.aurora.reverb',
    });
    expect(screen.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeInTheDocument();
    expect(screen.getByText('Identifier: com.aurora.reverb')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search User by Email' })).toBeInTheDocument();
    expect(await screen.findByText('ann@listener.example')).toBeInTheDocument();
    expect(calls[0].path).toBe('/products/1/licenses');
  });

  it("reads an identifier of 'none' as empty", async () => {
    renderPage(<LicensingRoutes />, { server: handler, url: '/ProductLicenses/1/Aurora%20Reverb/none' });
    expect(screen.getByRole('heading', { name: 'Licenses for product: Aurora Reverb' })).toBeInTheDocument();
    expect(screen.queryByText(/Identifier:/)).not.toBeInTheDocument();
    expect(await screen.findByText('ann@listener.example')).toBeInTheDocument();
  });

  it.each(['abc', '0', '-3', '99999999999'])('says a product ID of %p is not valid and calls nothing', (id) => {
    const { calls } = renderPage(<LicensingRoutes />, { server: handler, url: `/ProductLicenses/${id}/Aurora/none` });
    expect(screen.getByRole('alert')).toHaveTextContent('The product ID in the address is not valid.');
    expect(calls).toEqual([]);
  });
});
