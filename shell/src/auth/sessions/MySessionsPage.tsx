import { useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, PageHeader, errorMessage, formatDateTime, type StaffSession } from 'shared-kit';
import { deviceName } from './device-name';
import { useMySessions } from './use-my-sessions';

/** "My sessions": where the signed-in user is signed in, with a way to end a session they do not recognise. */
export function MySessionsPage() {
  const { sessions, error, isLoading, endOne, endOthers } = useMySessions();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    try {
      setNotice(await action());
    } catch (failure) {
      setProblem(errorMessage(failure, 'The session could not be ended. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const others = sessions.filter((session) => !session.current).length;

  return (
    <>
      <PageHeader
        title="My sessions"
        actions={
          <Button
            variant="danger"
            disabled={busy || others === 0}
            onClick={() =>
              act(async () => {
                const ended = await endOthers();
                return `Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`;
              })
            }
          >
            Sign out all other sessions
          </Button>
        }
      />
      <p>
        Where you are signed in now. If you do not recognise a device or address, end that session and change your
        password.
      </p>
      {error && <ErrorText>{errorMessage(error, 'Your sessions could not be loaded. Please try again.')}</ErrorText>}
      {problem && <ErrorText>{problem}</ErrorText>}
      {notice && <p role="status">{notice}</p>}
      {isLoading && <p>Loading your sessions…</p>}
      <List aria-label="Your sessions">
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={busy}
            onEnd={() =>
              act(async () => {
                await endOne(session.id);
                return `Signed out of ${deviceName(session.user_agent)}.`;
              })
            }
          />
        ))}
      </List>
    </>
  );
}

function SessionItem({ session, busy, onEnd }: { session: StaffSession; busy: boolean; onEnd: () => void }) {
  const name = deviceName(session.user_agent);
  return (
    <Item>
      <div>
        <strong>{name}</strong>
        {session.current && <Current> · This device</Current>}
        <Details>
          <span>Address: {session.address ?? 'unknown'}</span>
          <span>Signed in: {formatDateTime(session.signed_in_at)}</span>
          <span>Last used: {formatDateTime(session.last_used_at)}</span>
        </Details>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={onEnd}
          aria-label={`Sign out ${name}, signed in ${formatDateTime(session.signed_in_at)}`}
        >
          Sign out
        </Button>
      )}
    </Item>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
`;

const Current = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Details = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  font-size: 0.9rem;
`;
