import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './SearchBox';
import { renderWithTheme } from './test-utils';

const placeholder = 'Search User by Email';

function setup(value = '') {
  const onSearch = jest.fn();
  const view = renderWithTheme(<SearchBox placeholder={placeholder} value={value} onSearch={onSearch} />);
  const input = screen.getByRole('searchbox', { name: placeholder });
  return { onSearch, input, rerender: view.rerender };
}

describe('SearchBox', () => {
  it('shows the placeholder and the committed value', () => {
    const { input } = setup('ann@example.com');
    expect(input).toHaveAttribute('placeholder', placeholder);
    expect(input).toHaveValue('ann@example.com');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('searches only when the Search button is pressed', async () => {
    const { onSearch, input } = setup();
    await userEvent.type(input, 'bob');
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('bob');
  });

  it('searches on Enter', async () => {
    const { onSearch, input } = setup();
    await userEvent.type(input, '  bob {Enter}');
    expect(onSearch).toHaveBeenCalledWith('bob');
  });

  it('clears the text and the search', async () => {
    const { onSearch, input } = setup('bob');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
    expect(onSearch).toHaveBeenCalledWith('');
  });

  it('takes a new committed value from outside', async () => {
    const onSearch = jest.fn();
    const { input, rerender } = setup('first');
    await userEvent.clear(input);
    await userEvent.type(input, 'typed');
    rerender(<SearchBox placeholder={placeholder} value="restored" onSearch={onSearch} />);
    expect(input).toHaveValue('restored');
  });

  it('keeps the typed text when the parent re-renders with the same value', async () => {
    const onSearch = jest.fn();
    const { input, rerender } = setup('same');
    await userEvent.type(input, '-more');
    rerender(<SearchBox placeholder={placeholder} value="same" onSearch={onSearch} />);
    expect(input).toHaveValue('same-more');
  });
});
