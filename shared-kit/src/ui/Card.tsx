import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Row, Stack } from './layout';

const cardStyles = css`
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

export const Card = styled.div`
  ${cardStyles}
`;

export interface SectionProps {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

const SectionCard = styled(Stack).attrs({ as: 'section' })`
  ${cardStyles}
`;

const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** A titled card; the heading names the section for screen readers. */
export function Section({ title, actions, children }: SectionProps) {
  const titleId = useId();
  return (
    <SectionCard aria-labelledby={titleId}>
      <Row $justify="space-between">
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {actions}
      </Row>
      {children}
    </SectionCard>
  );
}
