import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { renderWithTheme } from './test-utils';

function setup(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  renderWithTheme(
    <ConfirmDialog
      open
      title="Remove channel"
      message="Remove this user from the Beta channel?"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
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

  it('disables confirm and marks it busy while busy', async () => {
    const { onConfirm } = setup({ busy: true, confirmLabel: 'Remove', confirmVariant: 'danger' });
    const confirm = screen.getByRole('button', { name: 'Remove' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    setup({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
