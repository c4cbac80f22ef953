import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import styled from 'styled-components';
import { Spinner } from 'shared-kit';
import { useAuth } from './auth-context';

export const CHECKING_AUTHENTICATION = 'Checking authentication...';

/** /Home and below: a spinner while the stored login is checked, the root (remembering where from) without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, checking, loggedOut } = useAuth();
  const location = useLocation();
  if (checking) {
    return (
      <Centered>
        <Spinner label={CHECKING_AUTHENTICATION} />
      </Centered>
    );
  }
  // An expired session remembers the page so the user gets back to it; a deliberate logout does not.
  if (!session) return <Navigate to="/" replace state={loggedOut ? null : { from: location }} />;
  return <>{children}</>;
}

const Centered = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
`;
