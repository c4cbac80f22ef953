import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface PageHeaderProps {
  title: ReactNode;
  actions?: ReactNode;
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.title};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Header>
      <Title>{title}</Title>
      {actions !== undefined && <Actions>{actions}</Actions>}
    </Header>
  );
}
