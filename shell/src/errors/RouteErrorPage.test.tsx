import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import '../test-support/render-shell';
import { RouteErrorPage } from './RouteErrorPage';

function Exploding(): never {
  throw new Error('The page exploded');
}

function renderAt(path: string, children: RouteObject[]) {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorPage />, children }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('RouteErrorPage', () => {
  let consoleError: jest.SpyInstance;
  let consoleWarn: jest.SpyInstance;
  beforeEach(() => {
    // React and the router report caught errors on the console; the page is what we check.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });

  it('shows the message of an error thrown while rendering', async () => {
    renderAt('/broken', [{ path: 'broken', element: <Exploding /> }]);

    const alert = await screen.findByRole('alert');
    expect(alert).toContainElement(screen.getByRole('heading', { name: 'Unexpected Application Error!' }));
    expect(alert).toHaveTextContent('The page exploded');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/Home');
  });

  it('shows the message of an error thrown by a loader', async () => {
    renderAt('/loaded', [
      {
        path: 'loaded',
        loader: () => {
          throw new Error('Loader failed');
        },
        element: <p>Never shown</p>,
      },
    ]);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Loader failed')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
  });

  it('shows the status of a route error response', async () => {
    renderAt('/missing', [{ path: 'present', element: <p>Present</p> }]);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows something that was thrown without being an Error', async () => {
    renderAt('/odd', [
      {
        path: 'odd',
        loader: () => {
          throw 'a plain string';
        },
      },
    ]);

    expect(await screen.findByText('a plain string')).toBeInTheDocument();
  });
});
