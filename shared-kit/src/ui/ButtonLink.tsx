import { Link, type LinkProps } from 'react-router';
import styled, { css } from 'styled-components';

export interface ButtonLinkProps extends LinkProps {
  variant?: 'primary' | 'secondary';
  size?: 'small' | 'normal';
}

const StyledLink = styled(Link)<{ $variant: 'primary' | 'secondary'; $size: 'small' | 'normal' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid ${({ theme, $variant }) => ($variant === 'primary' ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme, $variant }) => ($variant === 'primary' ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $variant }) => ($variant === 'primary' ? theme.colors.onPrimary : theme.colors.text)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.2;
  white-space: nowrap;
  text-decoration: none;
  ${({ $size, theme }) =>
    $size === 'small'
      ? css`
          padding: 4px 10px;
          font-size: ${theme.font.size.small};
        `
      : css`
          padding: 8px 16px;
          font-size: ${theme.font.size.normal};
        `}
  &:hover {
    background: ${({ theme, $variant }) => ($variant === 'primary' ? theme.colors.primaryHover : theme.colors.surfaceHover)};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

/** A link that looks like the kit's Button: navigation stays a link (new tab, copy address, screen readers). */
export function ButtonLink({ variant = 'secondary', size = 'normal', ...props }: ButtonLinkProps) {
  return <StyledLink $variant={variant} $size={size} {...props} />;
}
