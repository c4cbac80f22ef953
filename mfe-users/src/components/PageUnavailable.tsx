import { Button, PageHeader } from 'shared-kit';

export const NOT_A_USER_ADDRESS = 'This address does not name a user. Open the user from the Users list.';

/** A page that cannot show its content (bad address, missing user): the title, why, and Retry when it may help. */
export function PageUnavailable({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <>
      <PageHeader title={title} />
      <p role="alert">{message}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </>
  );
}
