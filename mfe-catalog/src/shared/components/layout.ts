import styled from 'styled-components';
import { Toolbar } from 'shared-kit';

/** Form fields in two columns on wide screens, one on narrow ones. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
`;

/** A list's toolbar, spaced from the table under it. */
export const ListToolbar = styled(Toolbar)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

export const Subtitle = styled.p`
  margin: -${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Monospace = styled.span`
  font-family: ${({ theme }) => theme.font.monospace};
  font-size: ${({ theme }) => theme.font.size.small};
  word-break: break-all;
`;
