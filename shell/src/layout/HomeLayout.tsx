import { useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, SaveNoticeProvider } from 'shared-kit';
import { useAuth } from '../auth/auth-context';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { Footer } from './Footer';
import { narrowScreen } from './breakpoints';
import { Navigation } from './Navigation';
import { NavigationMenu } from './NavigationMenu';
import { ProfileMenu } from './ProfileMenu';
import { focusHeadingIn, useFocusPageHeading } from './use-focus-page-heading';

export function HomeLayout() {
  const { session, logout } = useAuth();
  const { version, environment } = useRuntimeConfig();
  const navigate = useNavigate();
  const mainRef = useRef<HTMLElement>(null);
  useFocusPageHeading(mainRef);
  if (!session) return null;
  const isSuperuser = session.access_level === 'superuser';

  return (
    <SaveNoticeProvider>
      <Frame>
        <SkipLink
          href="#main"
          onClick={(event) => {
            event.preventDefault();
            const main = mainRef.current;
            if (main && !focusHeadingIn(main)) main.focus();
          }}
        >
          Skip to content
        </SkipLink>
        <TopBar>
          <TopBarStart>
            <NavigationMenu accessLevel={session.access_level} />
            <AppTitle>ProductHub</AppTitle>
          </TopBarStart>
          <TopBarEnd>
            {isSuperuser ? (
              <ProfileMenu manufacturerName="Super User" superuser />
            ) : (
              <ProfileMenu manufacturerName={session.manufacturer?.name ?? ''} />
            )}
            <Button
              onClick={() => {
                void logout();
                navigate('/', { replace: true });
              }}
            >
              Log Out
            </Button>
          </TopBarEnd>
        </TopBar>
        <Body>
          <Sidebar>
            <Navigation accessLevel={session.access_level} />
          </Sidebar>
          <Main id="main" ref={mainRef} tabIndex={-1}>
            <Outlet />
          </Main>
        </Body>
        <Footer version={version} environment={environment} />
      </Frame>
    </SaveNoticeProvider>
  );
}

const Frame = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  grid-template-columns: minmax(0, 1fr);
`;

// Visible only while focused: the first stop of Tab, to jump past the top bar and the menu.
const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.spacing.sm};
  top: ${({ theme }) => theme.spacing.sm};
  z-index: 30;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.normal};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${narrowScreen} {
    flex-wrap: wrap;
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  }
`;

const TopBarStart = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
`;

const AppTitle = styled.span`
  font-size: 1.2rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const TopBarEnd = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  min-width: 0;
  margin-left: auto;
  ${narrowScreen} {
    gap: ${({ theme }) => theme.spacing.sm};
  }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr);
  min-height: 0;
  ${narrowScreen} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Sidebar = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  ${narrowScreen} {
    display: none;
  }
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.spacing.lg};
  min-width: 0;
  &:focus {
    outline: none;
  }
  /* Focused by script after each navigation so it is announced; no ring, as it is not a control. */
  & h1[tabindex='-1']:focus {
    outline: none;
  }
  ${narrowScreen} {
    padding: ${({ theme }) => theme.spacing.md};
  }
`;
