import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export const ERROR_MODAL_TITLE = 'An Error Occurred:';

/** docs/console.md, Errors: the one error modal; non-blocking, so Escape or a click elsewhere dismisses it too. */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ERROR_MODAL_TITLE}
      description={message ?? ''}
      modal={false}
      footer={
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      {null}
    </Dialog>
  );
}
