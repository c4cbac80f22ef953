import { Link } from 'react-router';
import useSWR from 'swr';
import { useApiClient, type CurrentUser } from 'shared-kit';

export const signedInNote = (email: string | undefined) =>
  `You are signed in${email ? ` as ${email}` : ''}. Accepting this invite signs you out of that account first.`;

/** Said above the invite form when someone is already signed in in this browser: who, and what accepting does. */
export function SignedInNotice() {
  const api = useApiClient();
  const { data: me } = useSWR<CurrentUser>('/systemusers/me', (path: string) => api.get<CurrentUser>(path));
  return (
    <p>
      {signedInNote(me?.email)} <Link to="/Home">Back to the console</Link>
    </p>
  );
}
