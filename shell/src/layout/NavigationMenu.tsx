import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { AccessLevel } from 'shared-kit';
import { narrowScreen } from './breakpoints';
import { activeItem, navigationItems } from './navigation-items';

/** The main menu behind a Menu button, for screens too narrow for the sidebar (shown only there, by CSS). */
export function NavigationMenu({ accessLevel }: { accessLevel: AccessLevel }) {
  const { pathname } = useLocation();
  const items = navigationItems(accessLevel);
  const active = activeItem(items, pathname);
  // After choosing a page focus goes to its heading (useFocusPageHeading), not back to the Menu button.
  const chosen = useRef(false);
  return (
    // Not modal, as the profile menu: its links stay the only focusable items while it is open.
    <DropdownMenu.Root modal={false}>
      <Trigger>
        <Bars aria-hidden="true" />
        Menu
      </Trigger>
      <DropdownMenu.Portal>
        <Content
          align="start"
          sideOffset={6}
          aria-label="Main"
          onCloseAutoFocus={(event) => {
            if (chosen.current) event.preventDefault();
            chosen.current = false;
          }}
        >
          {items.map((item) => (
            <Item key={item.to} asChild onSelect={() => (chosen.current = true)}>
              <Link to={item.to} aria-current={item === active ? 'page' : undefined}>
                {item.label}
              </Link>
            </Item>
          ))}
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const Trigger = styled(DropdownMenu.Trigger)`
  display: none;
  ${narrowScreen} {
    display: inline-flex;
  }
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 36px;
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

// Three bars drawn with borders: no icon asset for one glyph.
const Bars = styled.span`
  width: 14px;
  height: 10px;
  border-top: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  background: linear-gradient(currentColor, currentColor) center / 100% 2px no-repeat;
`;

const Content = styled(DropdownMenu.Content)`
  min-width: 220px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  padding: ${({ theme }) => theme.spacing.xs};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  z-index: 20;
`;

const Item = styled(DropdownMenu.Item)`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radius.normal};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;
