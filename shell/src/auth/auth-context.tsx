import { createContext, useContext } from 'react';
import type { AuthSession } from 'shared-kit';

export interface AuthState {
  session: AuthSession | null;
  /** True while a stored login is being checked with the server at start-up. */
  checking: boolean;
  /** True after the user logged out on purpose: the next sign-in starts at /Home, not where they were. */
  loggedOut: boolean;
  signIn: (session: AuthSession) => void;
  /**
   * Signs out here at once; settles when the server has ended the session (or failed to), so a sign-in that follows
   * (an invite accepted) is not ended by the sign-out's answer.
   */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside ShellProviders');
  return auth;
}
