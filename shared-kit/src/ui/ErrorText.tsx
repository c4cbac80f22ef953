import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface ErrorTextProps {
  id?: string;
  children: ReactNode;
}

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.small};
`;

export function ErrorText({ id, children }: ErrorTextProps) {
  return (
    <Text id={id} role="alert">
      {children}
    </Text>
  );
}
