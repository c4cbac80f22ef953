import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, fieldErrorId } from './Field';
import { TextInput } from './FormControls';
import { renderWithTheme } from './test-utils';

describe('Field', () => {
  it('labels its control', () => {
    renderWithTheme(
      <Field label="Email" htmlFor="email">
        <TextInput id="email" type="email" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('marks required fields without changing the accessible name', () => {
    renderWithTheme(
      <Field label="Name" htmlFor="name" required>
        <TextInput id="name" required />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('offers help text in an info popup next to the label', async () => {
    renderWithTheme(
      <Field label="Trial Days" htmlFor="trial-days" info="How long a trial lasts.">
        <TextInput id="trial-days" />
      </Field>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Help: Trial Days' }));
    expect(screen.getByText('How long a trial lasts.')).toBeInTheDocument();
  });

  it('shows an error as an alert the control can point to', () => {
    renderWithTheme(
      <Field label="Country Code" htmlFor="country" error="At most 2 characters">
        <TextInput id="country" aria-invalid aria-describedby={fieldErrorId('country')} />
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2 characters');
    expect(screen.getByRole('textbox', { name: 'Country Code' })).toHaveAccessibleDescription('At most 2 characters');
  });

  it('shows no alert without an error', () => {
    renderWithTheme(
      <Field label="Email" htmlFor="email">
        <TextInput id="email" />
      </Field>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
