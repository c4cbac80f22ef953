import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { render } from '@testing-library/react';
import { theme } from 'shared-kit';
import { CheckboxField, SelectField, TextField } from 'shared-kit/forms';

function Form({ error }: { error?: string }) {
  const [name, setName] = useState('');
  const [type, setType] = useState('Full');
  const [featured, setFeatured] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <TextField label="Name" value={name} onValueChange={setName} info="The product name." error={error} required />
      <SelectField label="Type" value={type} onValueChange={setType} required>
        <option value="Full">Full</option>
        <option value="PluginOnly">PluginOnly</option>
      </SelectField>
      <CheckboxField label="App Featured" checked={featured} onCheckedChange={setFeatured} info="Shown first." />
      <output aria-label="Values">{`${name}|${type}|${featured}`}</output>
    </ThemeProvider>
  );
}

describe('form fields', () => {
  it('label their controls and pass what the user enters', async () => {
    render(<Form />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Reverb');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), 'PluginOnly');
    await userEvent.click(screen.getByRole('checkbox', { name: 'App Featured' }));
    expect(screen.getByLabelText('Values')).toHaveTextContent('Reverb|PluginOnly|true');
    expect(screen.getByRole('button', { name: 'Help: Name' })).toBeInTheDocument();
  });

  it('tie an error to its control', () => {
    render(<Form error="Name is required." />);
    const input = screen.getByRole('textbox', { name: /^Name/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByRole('combobox', { name: /^Type/ })).not.toHaveAttribute('aria-invalid');
  });
});
