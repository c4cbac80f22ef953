import { Link as RouterLink, useLocation } from 'react-router';
import styled from 'styled-components';
import type { AccessLevel } from 'shared-kit';
import { activeItem, navigationItems } from './navigation-items';

/** The main menu; the section of the page shown is highlighted, on its sub-pages too (user details → Users). */
export function Navigation({ accessLevel }: { accessLevel: AccessLevel }) {
  const { pathname } = useLocation();
  const items = navigationItems(accessLevel);
  const active = activeItem(items, pathname);
  return (
    <Nav aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={item === active ? 'active' : undefined}
              aria-current={item !== active ? undefined : pathname === item.to ? 'page' : 'location'}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </Nav>
  );
}

const Nav = styled.nav`
  ul {
    list-style: none;
    margin: 0;
    padding: ${({ theme }) => theme.spacing.md} 0;
  }
`;

const Link = styled(RouterLink)`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border-left: 3px solid transparent;

  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  &.active {
    border-left-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    background: ${({ theme }) => theme.colors.background};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
`;
