import { ErrorText, formatDateTime, Section, Spinner } from 'shared-kit';
import styled from 'styled-components';
import { activityChanges, activitySentence } from './activity-words';
import { useRecentActivity } from './use-dashboard';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const When = styled.time`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  margin-right: ${({ theme }) => theme.spacing.sm};
`;

const Changes = styled.div`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The manufacturer's last changes, newest first, in words. */
export function RecentActivity() {
  const { rows, isLoading, error } = useRecentActivity();
  return (
    <Section title="Recent activity">
      {isLoading ? (
        <Spinner label="Loading recent activity…" />
      ) : error ? (
        <ErrorText>Recent activity could not be loaded.</ErrorText>
      ) : rows.length === 0 ? (
        <p>No activity yet.</p>
      ) : (
        <List>
          {rows.map((event) => (
            <li key={event.id}>
              <When dateTime={event.created_at}>{formatDateTime(event.created_at)}</When>
              {activitySentence(event)}
              {event.changes.length > 0 && <Changes>{activityChanges(event)}</Changes>}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
