import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css, type DefaultTheme, type RuleSet } from 'styled-components';
import { focusRing } from './focus-ring';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'small' | 'normal';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const variantStyles: Record<ButtonVariant, (theme: DefaultTheme) => RuleSet> = {
  primary: (theme) => css`
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    &:hover:not(:disabled) {
      background: ${theme.colors.primaryHover};
      border-color: ${theme.colors.primaryHover};
    }
  `,
  secondary: (theme) => css`
    background: ${theme.colors.surface};
    border-color: ${theme.colors.border};
    color: ${theme.colors.text};
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceHover};
    }
  `,
  danger: (theme) => css`
    background: ${theme.colors.danger};
    border-color: ${theme.colors.danger};
    color: ${theme.colors.onDanger};
    &:hover:not(:disabled) {
      background: ${theme.colors.dangerHover};
      border-color: ${theme.colors.dangerHover};
    }
  `,
  link: (theme) => css`
    background: transparent;
    border-color: transparent;
    color: ${theme.colors.primary};
    padding-left: 0;
    padding-right: 0;
    &:hover:not(:disabled) {
      text-decoration: underline;
    }
  `,
};

// One styled component, no wrapper function: the licence table shows four per row, 250 rows a page.
// `variant` and `size` style it and stay off the DOM; `type` defaults to "button" so it never submits by accident.
export const Button = styled.button
  .withConfig({ shouldForwardProp: (prop) => prop !== 'variant' && prop !== 'size' })
  .attrs<ButtonProps>(({ type = 'button' }) => ({ type }))`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.xs};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.normal};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.2;
  cursor: pointer;
  white-space: nowrap;
  padding: ${({ size }) => (size === 'small' ? '4px 10px' : '8px 16px')};
  font-size: ${({ theme, size }) => (size === 'small' ? theme.font.size.small : theme.font.size.normal)};
  ${({ theme, variant = 'secondary' }) => variantStyles[variant](theme)}
  ${focusRing}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** Icon-only buttons have no visible text, so the accessible name is required. */
  'aria-label': string;
  children: ReactNode;
}

const StyledIconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.normal};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.normal};
  line-height: 1;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  ${focusRing}
`;

export function IconButton({ type = 'button', children, ...props }: IconButtonProps) {
  return (
    <StyledIconButton type={type} {...props}>
      <span aria-hidden="true">{children}</span>
    </StyledIconButton>
  );
}
