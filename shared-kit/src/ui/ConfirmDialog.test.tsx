import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/api-error';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { CONFIRMED_ACTION_FAILED } from './ConfirmDialogWindow';
import { renderWithTheme } from './test-utils';

function setup(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const view = renderWithTheme(
    <ConfirmDialog
      open
      title="Remove channel"
      message="Remove this user from the Beta channel?"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, view };
}

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('shows the title and message with default button labels', async () => {
    const { onConfirm } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Remove channel' });
    expect(dialog).toHaveAccessibleDescription('Remove this user from the Beta channel?');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with the cancel button and with Escape', async () => {
    const { onCancel, onConfirm } = setup({ cancelLabel: 'Keep' });
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables both buttons and marks confirm busy while busy; Escape waits', async () => {
    const { onConfirm, onCancel } = setup({ busy: true, confirmLabel: 'Remove', confirmVariant: 'danger' });
    const confirm = screen.getByRole('button', { name: 'Remove' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(confirm);
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('holds confirm back, not Cancel, while confirmDisabled', async () => {
    const { onCancel } = setup({ confirmDisabled: true, confirmLabel: 'Apply' });
    const confirm = screen.getByRole('button', { name: 'Apply' });
    expect(confirm).toBeDisabled();
    expect(confirm).not.toHaveAttribute('aria-busy');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('is busy while the confirmed action runs, and leaves closing to the caller when it succeeds', async () => {
    const action = deferred();
    const { onCancel } = setup({ onConfirm: () => action.promise, confirmLabel: 'Revoke' });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(screen.getByRole('button', { name: 'Revoke' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    action.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's words in the dialog when the action fails, and the screen's when it has none", async () => {
    const failing = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(409, ['This is the last owner.']))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(undefined);
    setup({ onConfirm: failing, failedText: 'The member could not be removed.', confirmLabel: 'Remove' });
    const dialog = within(screen.getByRole('dialog', { name: 'Remove channel' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This is the last owner.');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The member could not be removed.');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Remove' })).toBeEnabled());
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('forgets a failure once closed, and says something when the screen gave no words', async () => {
    const { view, onCancel } = setup({ onConfirm: () => Promise.reject(new Error('offline')) });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMED_ACTION_FAILED);
    const again = (open: boolean) => (
      <ConfirmDialog open={open} title="Remove channel" message="Remove?" onConfirm={jest.fn()} onCancel={onCancel} />
    );
    view.rerender(again(false));
    view.rerender(again(true));
    expect(await screen.findByRole('dialog', { name: 'Remove channel' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    setup({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
