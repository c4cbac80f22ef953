import { screen } from '@testing-library/react';
import { useNavigate } from 'react-router';
import userEvent from '@testing-library/user-event';
import { renderPage } from 'shared-kit/testing';
import { ShellRoutes } from '../app/router';

// ShellProviders is left out on purpose: without it every shell page throws (useAuth outside its provider).
function renderAt(path: string, extra?: React.ReactNode) {
  renderPage(
    <>
      <ShellRoutes />
      {extra}
    </>,
    { url: path },
  );
}

describe('RouteErrorPage', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React reports caught errors on the console; the page is what we check.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows the message of an error thrown while rendering a page, with the way back', async () => {
    renderAt('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toContainElement(screen.getByRole('heading', { name: 'Unexpected Application Error!' }));
    expect(alert).toHaveTextContent('useAuth must be used inside ShellProviders');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/Home');
  });

  it('tries the page again when the address changes', async () => {
    function GoElsewhere() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/Nowhere')}>
          Elsewhere
        </button>
      );
    }
    renderAt('/', <GoElsewhere />);
    await screen.findByRole('alert');
    consoleError.mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));

    // /Nowhere redirects to the sign-in page, which throws again without its providers: rendered afresh.
    expect(await screen.findByRole('alert')).toHaveTextContent('useAuth must be used inside ShellProviders');
    expect(consoleError).toHaveBeenCalled();
  });
});
