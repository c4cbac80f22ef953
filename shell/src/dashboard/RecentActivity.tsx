import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorText, formatDateTime, Section, Spinner } from 'shared-kit';
import styled from 'styled-components';
import { activityChanges, activityLine } from './activity-words';
import { MOST_ACTIVITY_SHOWN, RECENT_ACTIVITY_COUNT, useRecentActivity } from './use-dashboard';

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

/** The last changes, newest first, in words, each record named and linked to its page; "More" shows ten more. */
export function RecentActivity({ title = 'Recent activity' }: { title?: string }) {
  const [count, setCount] = useState(RECENT_ACTIVITY_COUNT);
  const { rows, pagination, isLoading, error } = useRecentActivity(count);
  const more = rows.length < pagination.records.total && count < MOST_ACTIVITY_SHOWN;
  return (
    <Section title={title}>
      {isLoading ? (
        <Spinner label="Loading recent activity…" />
      ) : error ? (
        <ErrorText>Recent activity could not be loaded.</ErrorText>
      ) : rows.length === 0 ? (
        <p>No activity yet.</p>
      ) : (
        <>
          <List>
            {rows.map((event) => {
              const { before, record, after } = activityLine(event);
              const changes = activityChanges(event);
              return (
                <li key={event.id}>
                  <When dateTime={event.created_at}>{formatDateTime(event.created_at)}</When>
                  {before}
                  {record?.to ? <Link to={record.to}>{record.text}</Link> : record?.text}
                  {after}
                  {changes && <Changes>{changes}</Changes>}
                </li>
              );
            })}
          </List>
          {more && (
            <p>
              <Button onClick={() => setCount((shown) => Math.min(shown + RECENT_ACTIVITY_COUNT, MOST_ACTIVITY_SHOWN))}>
                More
              </Button>
            </p>
          )}
        </>
      )}
    </Section>
  );
}
