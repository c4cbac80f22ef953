import { Type } from '@sinclair/typebox';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from 'shared-kit';
import { CheckboxField, Form, SelectField, TextField, useContractForm } from 'shared-kit/forms';

interface Values {
  name: string;
  type: string;
  featured: boolean;
}

const schema = Type.Object({ name: Type.String({ minLength: 1 }), type: Type.String(), featured: Type.Boolean() });

function Fields() {
  const form = useContractForm({
    schema,
    toBody: (values: Values) => values,
    messages: { name: 'Name is required.' },
    defaultValues: { name: '', type: 'Full', featured: false },
    onSubmit: async () => undefined,
  });
  const { name, type, featured } = form.methods.watch();
  return (
    <ThemeProvider theme={theme}>
      <Form form={form} aria-label="Fields">
        <TextField name="name" label="Name" info="The product name." required />
        <SelectField name="type" label="Type" required>
          <option value="Full">Full</option>
          <option value="PluginOnly">PluginOnly</option>
        </SelectField>
        <CheckboxField name="featured" label="App Featured" info="Shown first." />
        <output aria-label="Values">{`${name}|${type}|${featured}`}</output>
        <button type="submit">Check</button>
      </Form>
    </ThemeProvider>
  );
}

describe('form fields', () => {
  it('label their controls and pass what the user enters', async () => {
    render(<Fields />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Reverb');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Type/ }), 'PluginOnly');
    await userEvent.click(screen.getByRole('checkbox', { name: 'App Featured' }));
    expect(screen.getByLabelText('Values')).toHaveTextContent('Reverb|PluginOnly|true');
    expect(screen.getByRole('button', { name: 'Help: Name' })).toBeInTheDocument();
  });

  it('tie an error to its control', async () => {
    render(<Fields />);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const input = await screen.findByRole('textbox', { name: /^Name/, description: 'Name is required.' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByRole('combobox', { name: /^Type/ })).not.toHaveAttribute('aria-invalid');
  });
});
