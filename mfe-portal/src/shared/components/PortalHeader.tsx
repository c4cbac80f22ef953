import { useState } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { Button, useApiClient, type PortalDescriptor } from 'shared-kit';
import { portalLink, portalNavigation } from 'shared-kit/pages';
import { useMessages } from '../../messages/messages';
import { signOutOfPortal } from '../api/sign-out';
import { usePortalSession, usePortalSessionStore } from '../session/portal-session';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing.md};
`;

const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;

  img {
    max-height: 40px;
    max-width: 120px;
  }
`;

const Account = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.size.small};
  overflow-wrap: anywhere;
`;

const Nav = styled.nav`
  flex-basis: 100%;

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.md};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    color: inherit;
    padding: 2px 0;
  }

  a[aria-current='page'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    text-decoration-thickness: 3px;
  }

  a:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
`;

/** The manufacturer's name and logo; once signed in, the customer's pages, who is signed in and Sign out. */
export function PortalHeader({ descriptor, standalone }: { descriptor: PortalDescriptor; standalone: boolean }) {
  const { t } = useMessages();
  const { session } = usePortalSession();
  const store = usePortalSessionStore();
  const api = useApiClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    // Forgotten here whatever the server says: a session it no longer knows is as good as ended.
    await signOutOfPortal(api).catch((error: unknown) => console.error('Signing out failed:', error));
    setSigningOut(false);
    store.signOut();
  };

  return (
    // The page's banner on the standalone page; embedded, the vendor's page has its own.
    <Bar as={standalone ? 'header' : 'div'}>
      <Inner>
        <Brand>
          {descriptor.logo_url && <img src={descriptor.logo_url} alt="" />}
          <span>{descriptor.manufacturer_name}</span>
        </Brand>
        {session && (
          <Account>
            <span>{t('nav.signedInAs', { email: session.user.email })}</span>
            <Button size="small" onClick={signOut} disabled={signingOut}>
              {signingOut ? t('nav.signingOut') : t('nav.signOut')}
            </Button>
          </Account>
        )}
        {session && (
          <Nav aria-label={t('nav.label')}>
            <ul>
              {portalNavigation.map((page) => (
                <li key={page}>
                  <NavLink to={portalLink(page)}>{t(`nav.${page}`)}</NavLink>
                </li>
              ))}
            </ul>
          </Nav>
        )}
      </Inner>
    </Bar>
  );
}
