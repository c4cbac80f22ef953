import { NavLink } from 'react-router';
import styled from 'styled-components';
import type { AccessLevel } from 'shared-kit';
import { navigationItems } from './navigation-items';

export function Navigation({ accessLevel }: { accessLevel: AccessLevel }) {
  return (
    <Nav aria-label="Main">
      <ul>
        {navigationItems(accessLevel).map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
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

const Link = styled(NavLink)`
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
