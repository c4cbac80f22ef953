import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';
import { ComboBox, type ComboBoxOption } from './ComboBox';

const OPTIONS: ComboBoxOption[] = [
  { id: 1, label: 'Aurora Reverb (com.aurora.reverb)' },
  { id: 2, label: 'Aurora Synth Engine (com.aurora.synth-engine)' },
  { id: 3, label: 'Nimbus Strings' },
];

function Harness({ onSelect }: { onSelect: (id: number | null) => void }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  return (
    <ThemeProvider theme={theme}>
      <label htmlFor="product">Product</label>
      <ComboBox
        id="product"
        options={OPTIONS}
        selectedId={selectedId}
        emptyText="No products match."
        onSelect={(id) => {
          setSelectedId(id);
          onSelect(id);
        }}
      />
    </ThemeProvider>
  );
}

function renderComboBox() {
  const onSelect = jest.fn();
  render(<Harness onSelect={onSelect} />);
  return { user: userEvent.setup(), onSelect, input: screen.getByRole('combobox', { name: 'Product' }) };
}

describe('ComboBox', () => {
  it('opens the list on click and chooses an option by click', async () => {
    const { user, onSelect, input } = renderComboBox();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      OPTIONS.map((option) => option.label),
    );
    await user.click(screen.getByRole('option', { name: 'Nimbus Strings' }));
    expect(onSelect).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue('Nimbus Strings');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by free typing, case-insensitively, on name or identifier', async () => {
    const { user, onSelect, input } = renderComboBox();
    await user.type(input, 'SYNTH');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Aurora Synth Engine (com.aurora.synth-engine)',
    ]);
    expect(onSelect).toHaveBeenLastCalledWith(null);
    await user.clear(input);
    await user.type(input, 'com.aurora');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('No products match.')).toBeInTheDocument();
  });

  it('chooses with the keyboard: arrows move the active option, Enter chooses, Escape closes', async () => {
    const { user, onSelect, input } = renderComboBox();
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: OPTIONS[1].label }).id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Nimbus Strings' }).id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(3);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses an option whose full text was typed, and forgets the choice when the text changes', async () => {
    const { user, onSelect, input } = renderComboBox();
    await user.type(input, 'nimbus strings');
    expect(onSelect).toHaveBeenLastCalledWith(3);
    await user.type(input, 'x');
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});
