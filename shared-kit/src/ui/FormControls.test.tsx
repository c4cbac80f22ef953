import { createRef } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, TextArea, TextInput } from './FormControls';
import { renderWithTheme } from './test-utils';

describe('form controls', () => {
  it('TextInput forwards props and ref', async () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = jest.fn();
    renderWithTheme(<TextInput ref={ref} aria-label="Country Code" maxLength={2} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Country Code' });
    expect(ref.current).toBe(input);
    await userEvent.type(input, 'DEU');
    expect(input).toHaveValue('DE');
    expect(onChange).toHaveBeenCalled();
  });

  it('TextArea forwards props and ref', () => {
    const ref = createRef<HTMLTextAreaElement>();
    renderWithTheme(<TextArea ref={ref} aria-label="Address" rows={3} defaultValue="Main St" />);
    const textarea = screen.getByRole('textbox', { name: 'Address' });
    expect(ref.current).toBe(textarea);
    expect(textarea).toHaveAttribute('rows', '3');
    expect(textarea).toHaveValue('Main St');
  });

  it('Select forwards props and ref', async () => {
    const ref = createRef<HTMLSelectElement>();
    const onChange = jest.fn();
    renderWithTheme(
      <Select ref={ref} aria-label="License Type" defaultValue="NFR" onChange={onChange}>
        <option value="NFR">NFR</option>
        <option value="Standard">Standard</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'License Type' });
    expect(ref.current).toBe(select);
    await userEvent.selectOptions(select, 'Standard');
    expect(select).toHaveValue('Standard');
    expect(onChange).toHaveBeenCalled();
  });
});
