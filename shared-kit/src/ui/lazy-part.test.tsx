import { act, render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

describe('lazyPart', () => {
  it('draws nothing until the code has arrived, then the component; later uses render it at once', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = jest.fn(async () => {
      await arrived;
      return ({ name }: { name: string }) => <p>Hello {name}</p>;
    });
    const useGreeting = lazyPart(load);
    function Greeting({ name }: { name: string }) {
      const Part = useGreeting();
      return Part ? <Part name={name} /> : null;
    }

    const first = render(<Greeting name="Ada" />);
    expect(screen.queryByText('Hello Ada')).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    first.unmount();

    render(<Greeting name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next mount when the code could not be fetched', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(() => <p>Back online</p>);
    const usePart = lazyPart<object>(load);
    function Host() {
      const Part = usePart();
      return Part ? <Part /> : <p>Waiting</p>;
    }

    const first = render(<Host />);
    await act(async () => undefined);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    first.unmount();

    render(<Host />);
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
