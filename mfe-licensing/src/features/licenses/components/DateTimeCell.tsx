import styled from 'styled-components';
import { formatDate, formatDateTime } from 'shared-kit';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const Time = styled.time`
  display: inline-flex;
  flex-direction: column;
  white-space: nowrap;
  & > span + span {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

/** A timestamp as date over time: the licence table has many columns, and this keeps the cell narrow. */
export function DateTimeCell({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{formatDateTime(value)}</>;
  return (
    <Time dateTime={value} title={formatDateTime(value)}>
      <span>{formatDate(value)}</span>
      <span>{timeFormat.format(date)}</span>
    </Time>
  );
}
