import styled from 'styled-components';
import type { EmailStatus } from 'shared-kit';

export const STATUS_TEXT: Record<EmailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept (not sent)',
};
export const STATUSES = Object.keys(STATUS_TEXT) as EmailStatus[];

const Status = styled.span<{ $status: EmailStatus }>`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $status }) => ($status === 'sent' ? theme.colors.success : $status === 'failed' ? theme.colors.danger : theme.colors.text)};
`;

export const EmailStatusText = ({ status }: { status: EmailStatus }) => (
  <Status $status={status}>{STATUS_TEXT[status]}</Status>
);
