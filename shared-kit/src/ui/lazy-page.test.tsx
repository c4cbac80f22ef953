import { act, screen } from '@testing-library/react';
import { lazyComponent, lazyPage } from './lazy-page';
import { preloadLazyParts } from './lazy-part';
import { renderWithTheme } from './test-utils';

describe('lazyPage', () => {
  it('shows the kit spinner until the page has arrived, then the page; later renders show it at once', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = jest.fn(async () => {
      await arrived;
      return ({ name }: { name: string }) => <p>Hello {name}</p>;
    });
    const Page = lazyPage(load);

    const first = renderWithTheme(<Page name="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => arrive());
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    first.unmount();

    renderWithTheme(<Page name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders a preloaded component in the first render, without the fallback', async () => {
    const Part = lazyComponent(async () => () => <p>Ready</p>, <p>Fallback</p>);
    await preloadLazyParts();
    renderWithTheme(<Part />);
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.queryByText('Fallback')).not.toBeInTheDocument();
  });
});
