import * as Popover from '@radix-ui/react-popover';
import styled from 'styled-components';
import { IconButton } from './Button';
import { Icon } from './Icon';
import type { InfoPopupProps } from './InfoPopup';

const Content = styled(Popover.Content)`
  max-width: 320px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  z-index: 10;

  &:focus {
    outline: none;
  }
`;

/** The help button with its Radix popover (positioning, dismissal), loaded on demand by `InfoPopup`. */
export function InfoPopupButton({ label, children }: InfoPopupProps) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <IconButton aria-label={`Help: ${label}`}>
          <Icon name="info" />
        </IconButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Content side="top" align="start" sideOffset={6} collisionPadding={8} aria-label={`Help: ${label}`}>
          {children}
        </Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
