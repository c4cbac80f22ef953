import { useRef } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { IconButton } from './Button';
import { Icon } from './Icon';
import type { DialogProps } from './Dialog';

// Above a table's pinned actions column (z-index 1), below popups (10), which may open from inside a dialog.
const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 5;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Content = styled(RadixDialog.Content)<{ $width: string }>`
  position: fixed;
  z-index: 5;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width }) => $width}, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Title = styled(RadixDialog.Title)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Description = styled(RadixDialog.Description)`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** The dialog itself (Radix: focus trap, scroll lock, portal), loaded on demand by `Dialog`. */
export function DialogWindow({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  modal = true,
  width = '480px',
}: DialogProps) {
  // Radix warns when a dialog has no description unless aria-describedby is explicitly undefined.
  const describedBy = description === undefined ? { 'aria-describedby': undefined } : {};
  // Opened without a Radix Trigger, the dialog would drop focus on the page body when it closes: keyboard
  // users go back to where they were (the button that opened it) instead.
  const focusedBeforeOpen = useRef<HTMLElement | null>(null);
  const rememberFocus = () => {
    focusedBeforeOpen.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restoreFocus = (event: Event) => {
    const target = focusedBeforeOpen.current;
    if (target?.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal>
        {modal && <Overlay />}
        <Content $width={width} {...describedBy} onOpenAutoFocus={rememberFocus} onCloseAutoFocus={restoreFocus}>
          <Header>
            <Title>{title}</Title>
            <RadixDialog.Close asChild>
              <IconButton aria-label="Close dialog">
                <Icon name="close" />
              </IconButton>
            </RadixDialog.Close>
          </Header>
          {description !== undefined && (
            // A div rather than Radix's <p>, so descriptions may hold block content.
            <Description asChild>
              <div>{description}</div>
            </Description>
          )}
          {children}
          {footer !== undefined && <Footer>{footer}</Footer>}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
