import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../testing';
import { ErrorModal } from './ErrorModal';

/** A page behind the modal, to show it stays usable and to reopen the modal. */
function Harness({ initialMessage }: { initialMessage: string | null }) {
  const [message, setMessage] = useState(initialMessage);
  return (
    <>
      <button type="button" onClick={() => setMessage('Save failed')}>
        Save
      </button>
      <ErrorModal message={message} onClose={() => setMessage(null)} />
    </>
  );
}

describe('ErrorModal', () => {
  it("shows 'An Error Occurred:' with the message", () => {
    renderPage(<Harness initialMessage="Identifier already in use" />);

    const dialog = screen.getByRole('dialog', { name: 'An Error Occurred:' });
    expect(dialog).toHaveAccessibleDescription('Identifier already in use');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('shows nothing without a message', () => {
    renderPage(<Harness initialMessage={null} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with OK', async () => {
    const { user } = renderPage(<Harness initialMessage="Identifier already in use" />);

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const { user } = renderPage(<Harness initialMessage="Identifier already in use" />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not modal: the page behind it stays usable', async () => {
    const { user } = renderPage(<Harness initialMessage={null} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'An Error Occurred:' });
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(dialog).toHaveTextContent('Save failed');
  });
});
