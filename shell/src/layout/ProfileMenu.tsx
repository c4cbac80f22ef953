import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Icon } from 'shared-kit';
import { narrowScreen } from './breakpoints';

/**
 * The manufacturer name (or "Super User") with a profile icon; its menu holds Manufacturer Details (→ /Home/MyDetails,
 * manufacturer staff only), My sessions (→ /Home/MySessions) and Security (→ /Home/Security: two-factor sign-in).
 */
export function ProfileMenu({
  manufacturerName,
  superuser = false,
}: {
  manufacturerName: string;
  superuser?: boolean;
}) {
  const navigate = useNavigate();
  return (
    // Not modal: a modal menu hides the page from assistive technology while its links stay focusable
    // (axe aria-hidden-focus). Escape, a click outside or tabbing away still close it.
    <DropdownMenu.Root modal={false}>
      <Trigger aria-label={`${manufacturerName}: profile menu`}>
        <Icon name="profile" />
        <Name>{manufacturerName}</Name>
      </Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={6}>
          {!superuser && <Item onSelect={() => navigate('/Home/MyDetails')}>Manufacturer Details</Item>}
          <Item onSelect={() => navigate('/Home/MySessions')}>My sessions</Item>
          <Item onSelect={() => navigate('/Home/Security')}>Security</Item>
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const Trigger = styled(DropdownMenu.Trigger)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font: inherit;
  color: inherit;
  cursor: pointer;
  min-width: 0;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

// On a narrow screen a long name is cut with an ellipsis (the button's label keeps it whole).
const Name = styled.span`
  ${narrowScreen} {
    max-width: 28vw;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Content = styled(DropdownMenu.Content)`
  min-width: 200px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  padding: ${({ theme }) => theme.spacing.xs};
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.12);
  z-index: 20;
`;

const Item = styled(DropdownMenu.Item)`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.sm}`};
  border-radius: ${({ theme }) => theme.radius.normal};
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.primary};
  }
`;
