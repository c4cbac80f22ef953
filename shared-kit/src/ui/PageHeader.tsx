import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Row, Toolbar } from './layout';

export interface PageHeaderProps {
  title: ReactNode;
  actions?: ReactNode;
}

const Header = styled(Toolbar).attrs({ as: 'header' })`
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const Title = styled.h1`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.title};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Header>
      <Title>{title}</Title>
      {actions !== undefined && (
        <Row $wrap $align="stretch" $gap="sm">
          {actions}
        </Row>
      )}
    </Header>
  );
}
