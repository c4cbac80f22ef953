import { CannotShowPage, PageHeader } from 'shared-kit';

/** A page that cannot show its content (bad address, missing user): its title, why, and Retry when it may help. */
export function PageUnavailable({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <>
      <PageHeader title={title} />
      <CannotShowPage onRetry={onRetry}>{message}</CannotShowPage>
    </>
  );
}
