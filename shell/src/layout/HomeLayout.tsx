import { Outlet, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from 'shared-kit';
import { useAuth } from '../auth/auth-context';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { Footer } from './Footer';
import { Navigation } from './Navigation';
import { ProfileMenu } from './ProfileMenu';

export function HomeLayout() {
  const { session, logout } = useAuth();
  const { version, environment } = useRuntimeConfig();
  const navigate = useNavigate();
  if (!session) return null;
  const isSuperuser = session.access_level === 'superuser';

  return (
    <Frame>
      <TopBar>
        <AppTitle>ProductHub</AppTitle>
        <TopBarEnd>
          {isSuperuser ? (
            <ProfileMenu manufacturerName="Super User" superuser />
          ) : (
            <ProfileMenu manufacturerName={session.manufacturer?.name ?? ''} />
          )}
          <Button
            onClick={() => {
              logout();
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
        <Main id="main">
          <Outlet />
        </Main>
      </Body>
      <Footer version={version} environment={environment} />
    </Frame>
  );
}

const Frame = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
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
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 220px 1fr;
  min-height: 0;
`;

const Sidebar = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.spacing.lg};
  min-width: 0;
`;
