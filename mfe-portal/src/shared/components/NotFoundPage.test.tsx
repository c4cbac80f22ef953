import { screen } from '@testing-library/react';
import { renderPortal } from '../test-support/render-portal';

describe('NotFoundPage', () => {
  it('says the page does not exist and leads to the licences', async () => {
    renderPortal('/no-such-page', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my licenses' })).toHaveAttribute('href', '/licenses');
  });
});
