import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { CannotShowPage } from './CannotShowPage';
import { renderWithTheme } from './test-utils';

describe('CannotShowPage', () => {
  it('says why, links back and offers Retry when asked to', async () => {
    const retry = jest.fn();
    renderWithTheme(
      <MemoryRouter>
        <CannotShowPage back={{ to: '/Home/MyProducts', label: 'Back to My Products' }} onRetry={retry}>
          This product could not be loaded.
        </CannotShowPage>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This product could not be loaded.');
    expect(screen.getByRole('link', { name: 'Back to My Products' })).toHaveAttribute('href', '/Home/MyProducts');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry where trying again cannot help', () => {
    renderWithTheme(
      <MemoryRouter>
        <CannotShowPage>There is no product at this address.</CannotShowPage>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
