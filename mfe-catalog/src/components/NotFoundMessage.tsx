import type { ReactNode } from 'react';
import { ButtonLink } from './ButtonLink';

export interface NotFoundMessageProps {
  children: ReactNode;
  backTo: string;
  backLabel: string;
}

/** What a page shows instead of its content when what it is about cannot be loaded. */
export function NotFoundMessage({ children, backTo, backLabel }: NotFoundMessageProps) {
  return (
    <>
      <p role="alert">{children}</p>
      <ButtonLink to={backTo}>{backLabel}</ButtonLink>
    </>
  );
}
