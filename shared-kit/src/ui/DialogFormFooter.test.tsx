import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';
import { DialogFormFooter, type DialogFormFooterProps } from './DialogFormFooter';
import { renderWithTheme } from './test-utils';

/** A dialog holding a form, the footer submitting it from outside, as the console's form dialogs do. */
function setup(props: Partial<DialogFormFooterProps> = {}) {
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onCancel = jest.fn();
  renderWithTheme(
    <Dialog
      open
      onOpenChange={() => undefined}
      title="Invite Staff Member"
      footer={
        <DialogFormFooter formId="invite" submitLabel="Send invite" pending={false} onCancel={onCancel} {...props} />
      }
    >
      <form id="invite" aria-label="Invite Staff Member" onSubmit={onSubmit}>
        <input aria-label="Email" />
      </form>
    </Dialog>,
  );
  return { onSubmit, onCancel };
}

describe('DialogFormFooter', () => {
  it('submits the form it names, with the button and with Enter in a field, and cancels', async () => {
    const { onSubmit, onCancel } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Send invite' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@aurora-audio.example{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons and marks submit busy while pending', async () => {
    const { onSubmit, onCancel } = setup({ pending: true });
    const submit = await screen.findByRole('button', { name: 'Send invite' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('holds submit back, not Cancel, while submitDisabled; a dialog without a form submits by click', async () => {
    const onChoose = jest.fn();
    const onCancel = jest.fn();
    const footer = (submitDisabled: boolean) => (
      <DialogFormFooter
        onSubmit={onChoose}
        submitLabel="OK"
        submitVariant="danger"
        submitDisabled={submitDisabled}
        pending={false}
        onCancel={onCancel}
        cancelLabel="Keep"
      />
    );
    const { rerender } = renderWithTheme(footer(true));
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'OK' })).not.toHaveAttribute('aria-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(footer(false));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });
});
