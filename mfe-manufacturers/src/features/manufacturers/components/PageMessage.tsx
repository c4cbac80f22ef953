import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from 'shared-kit';

export interface PageMessageProps {
  children: ReactNode;
  /** e.g. a Retry button. */
  action?: ReactNode;
}

/** What a page shows instead of its content when it cannot show it (not found, access denied, load failed). */
export function PageMessage({ children, action }: PageMessageProps) {
  return (
    <MessageCard>
      <Text role="alert">{children}</Text>
      {action}
    </MessageCard>
  );
}

const MessageCard = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
