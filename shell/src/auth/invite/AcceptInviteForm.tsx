import { useState, type FormEvent } from 'react';
import { Button, ErrorText, errorMessage, useApiClient, type LoginResponse } from 'shared-kit';
import { NewPasswordField } from '../secret-fields';
import { SignedInNotice } from './SignedInNotice';

export const PASSWORDS_DIFFER = 'The two passwords differ. Type the same password twice.';
export const JOIN_FAILED = 'The invite could not be accepted. Please try again.';

/**
 * The page an invite mail links to: the invitee chooses a password (the server holds the password policy and says
 * what it misses); accepting signs them in, as a sign-in does. Someone already signed in in this browser is told so,
 * and is signed out before the invite is accepted: one browser holds one console session.
 */
export function AcceptInviteForm({
  token,
  signedIn,
  onSignOut,
  onSignedIn,
}: {
  token: string;
  signedIn: boolean;
  onSignOut: () => Promise<void>;
  onSignedIn: (login: LoginResponse) => void;
}) {
  const api = useApiClient();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const accept = async () => {
    if (password !== repeated) return setProblem(PASSWORDS_DIFFER);
    setProblem(null);
    setSending(true);
    try {
      if (signedIn) await onSignOut();
      onSignedIn(await api.post<LoginResponse>('/staff-invites/accept', { token, password }));
    } catch (error) {
      setProblem(errorMessage(error, JOIN_FAILED));
      setSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void accept();
  };

  return (
    <form onSubmit={submit} aria-label="Accept the invite">
      {/* Not while accepting: the session that accepting starts is not the one the notice names. */}
      {signedIn && !sending && <SignedInNotice />}
      <p>
        You were invited to join your team on ProductHub. Choose a password to accept; you sign in with your email
        address and this password from now on.
      </p>
      <NewPasswordField id="join-password" label="New password" value={password} onChange={setPassword} />
      <NewPasswordField id="join-password-again" label="Repeat the password" value={repeated} onChange={setRepeated} />
      {problem && <ErrorText>{problem}</ErrorText>}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? 'Accepting…' : 'Accept and sign in'}
      </Button>
    </form>
  );
}
