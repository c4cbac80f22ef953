import type { ReactNode } from 'react';
import { Button } from './Button';
import { ButtonLink } from './ButtonLink';

export interface CannotShowPageProps {
  /** Why: what is missing or failed, in the user's words. */
  children: ReactNode;
  /** Where to go instead (e.g. back to the list). */
  back?: { to: string; label: string };
  /** When trying again may help (a load that failed, not a bad address). */
  onRetry?: () => void;
}

/** What a page shows instead of its content when it cannot show it (a bad address, a missing object, a failed load). */
export function CannotShowPage({ children, back, onRetry }: CannotShowPageProps) {
  return (
    <>
      <p role="alert">{children}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      )}
      {back && <ButtonLink to={back.to}>{back.label}</ButtonLink>}
    </>
  );
}
