import { Link } from 'react-router';
import styled, { css } from 'styled-components';

// A link that looks like the kit's buttons: navigation stays a real link (new tab, copy address, keyboard).
const buttonLook = css<{ $primary?: boolean; $small?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid ${({ theme, $primary }) => ($primary ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme, $primary }) => ($primary ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $primary }) => ($primary ? theme.colors.onPrimary : theme.colors.text)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-size: ${({ theme, $small }) => ($small ? theme.font.size.small : theme.font.size.normal)};
  line-height: 1.2;
  padding: ${({ $small }) => ($small ? '4px 10px' : '8px 16px')};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: ${({ theme, $primary }) => ($primary ? theme.colors.primaryHover : theme.colors.surfaceHover)};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const ButtonLink = styled(Link)<{ $primary?: boolean; $small?: boolean }>`
  ${buttonLook}
`;

/** The links of a table row, side by side. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;
