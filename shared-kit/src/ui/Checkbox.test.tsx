import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';
import { renderWithTheme } from './test-utils';

function Controlled({ initial = false, onChange }: { initial?: boolean; onChange?: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(initial);
  return (
    <Checkbox
      label="Featured"
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('is named by its visible label and toggles when the label is clicked', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Controlled onChange={onChange} />);
    const checkbox = screen.getByRole('checkbox', { name: 'Featured' });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(screen.getByText('Featured'));
    expect(checkbox).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('toggles with the space key', async () => {
    renderWithTheme(<Controlled initial />);
    await userEvent.tab();
    const checkbox = screen.getByRole('checkbox', { name: 'Featured' });
    expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(checkbox).not.toBeChecked();
  });

  it('does not toggle with Enter (WAI-ARIA: Space toggles a checkbox)', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Controlled onChange={onChange} />);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: 'Featured' })).not.toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes an aria-label when there is no visible label', () => {
    renderWithTheme(<Checkbox aria-label="Select row 7" checked onCheckedChange={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Select row 7' })).toBeChecked();
  });

  it('reports the indeterminate state as mixed and asks to check when clicked', async () => {
    const onCheckedChange = jest.fn();
    renderWithTheme(<Checkbox aria-label="Select All" checked="indeterminate" onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox', { name: 'Select All' });
    expect(checkbox).toHaveAttribute('aria-checked', 'mixed');
    expect(checkbox).toBePartiallyChecked();
    await userEvent.click(checkbox);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('ignores clicks when disabled', async () => {
    const onCheckedChange = jest.fn();
    renderWithTheme(<Checkbox label="Release" checked disabled onCheckedChange={onCheckedChange} />);
    const checkbox = screen.getByRole('checkbox', { name: 'Release' });
    expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('uses the given id', () => {
    renderWithTheme(<Checkbox id="featured" label="Featured" checked={false} onCheckedChange={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Featured' })).toHaveAttribute('id', 'featured');
  });
});

describe('Checkbox in a form', () => {
  it('toggles inside a form without submitting it', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <Controlled />
      </form>,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Featured' }));
    expect(screen.getByRole('checkbox', { name: 'Featured' })).toBeChecked();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
