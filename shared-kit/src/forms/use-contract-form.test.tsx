import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ThemeProvider } from 'styled-components';
import { ApiError, theme } from 'shared-kit';
import { EndUserBody } from 'shared-kit/contract';
import { Form, SaveCancel, TextField, useContractForm } from 'shared-kit/forms';
import { MemoryRouter } from 'react-router';

interface Values {
  email: string;
  externalId: string;
}

const EMAIL_TEXTS = { empty: 'Email is required.', invalid: 'Enter a valid email address, e.g. name@example.com.' };
const toBody = (values: Values) => ({ email: values.email.trim(), external_id: values.externalId.trim() || null });

function UserLikeForm({
  onSubmit,
  pending = false,
}: {
  onSubmit: (body: unknown) => Promise<unknown>;
  pending?: boolean;
}) {
  const form = useContractForm({
    schema: EndUserBody,
    toBody,
    fieldOf: { external_id: 'externalId' },
    messages: { email: EMAIL_TEXTS },
    defaultValues: { email: '', externalId: '' },
    onSubmit,
    pending,
    failedText: 'The user could not be saved. Please try again.',
  });
  return (
    <Form form={form} aria-label="User">
      <TextField name="email" label="Email" type="email" required />
      <TextField name="externalId" label="External ID" />
      {form.failure && <p role="alert">{form.failure}</p>}
      <SaveCancel saving={form.pending} cancelTo="/back" />
    </Form>
  );
}

function renderForm(props: Parameters<typeof UserLikeForm>[0]) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <UserLikeForm {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

// The server's check of a body: Fastify's Ajv with ajv-formats (full mode), the contract's schema.
const serverAjv = addFormats(new Ajv({ strict: false }));
const serverAccepts = serverAjv.compile(EndUserBody);

describe('useContractForm', () => {
  it.each([
    'ada@listener.example',
    'a.b+c@x.co',
    'not an email',
    'a..b@x.example',
    'ada@',
    '@x.example',
    'ada@x_y.example',
    'ada@x.example.',
  ])('refuses the email %p exactly when the server does, with the console’s text', async (email) => {
    const onSubmit = jest.fn(async () => undefined);
    renderForm({ onSubmit });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    if (serverAccepts(toBody({ email, externalId: '' }))) {
      await waitFor(() =>
        expect(onSubmit).toHaveBeenCalledWith({ email, external_id: null }, { email, externalId: '' }),
      );
      expect(screen.queryByText(EMAIL_TEXTS.invalid)).not.toBeInTheDocument();
    } else {
      expect(await screen.findByText(EMAIL_TEXTS.invalid)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(EMAIL_TEXTS.invalid);
      expect(onSubmit).not.toHaveBeenCalled();
    }
  });

  it('says a required field is empty in the console’s words and focuses it', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderForm({ onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables and ignores submit while the save is pending', async () => {
    const onSubmit = jest.fn(async () => undefined);
    renderForm({ onSubmit, pending: true });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example{Enter}');
    const save = screen.getByRole('button', { name: 'Saving...' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s message when the save is refused, and a general one when there is none', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSubmit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(400, ['A user with the email ada@listener.example already exists.']))
      .mockRejectedValueOnce(new Error('socket hang up'));
    renderForm({ onSubmit });
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@listener.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with the email ada@listener.example already exists.',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@listener.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The user could not be saved. Please try again.'),
    );
    log.mockRestore();
  });
});
