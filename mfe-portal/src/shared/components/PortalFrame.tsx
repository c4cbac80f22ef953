import { useEffect } from 'react';
import { Outlet } from 'react-router';
import styled, { ThemeProvider, useTheme } from 'styled-components';
import { ApiError, type PortalDescriptor } from 'shared-kit';
import { useMessages } from '../../messages/messages';
import { usePortalDescriptor } from '../api/get-portal-descriptor';
import { portalTheme, type PortalThemeOverrides } from '../branding';
import { PortalDescriptorContext } from '../descriptor-context';
import { usePortalSlug } from '../session/portal-session';
import { LoadFailed, Loading } from './PageState';
import { PortalHeader } from './PortalHeader';

const Page = styled.div`
  min-height: 100%;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.size.normal};
  line-height: ${({ theme }) => theme.font.lineHeight};
`;

const Main = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing.md};

  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -10000px;

  &:focus {
    left: ${({ theme }) => theme.spacing.sm};
    top: ${({ theme }) => theme.spacing.sm};
    z-index: 1;
    padding: ${({ theme }) => theme.spacing.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const MAIN_ID = 'portal-main';

export interface PortalFrameProps {
  themeOverrides?: PortalThemeOverrides;
  /**
   * The whole page is the portal's (its standalone page): the tab is named after the manufacturer, the portal is the
   * page's main landmark with a skip link. Embedded, the vendor's page keeps its title and landmarks.
   */
  standalone?: boolean;
}

/** Every portal page: the manufacturer's branding and header around the page, once its descriptor is known. */
export function PortalFrame({ themeOverrides, standalone = false }: PortalFrameProps) {
  const { t } = useMessages();
  const slug = usePortalSlug();
  const { data, error, isLoading, mutate } = usePortalDescriptor(slug);

  if (data) return <BrandedFrame descriptor={data} themeOverrides={themeOverrides} standalone={standalone} />;
  return (
    <Page>
      <Main as={standalone ? 'main' : 'div'} id={MAIN_ID}>
        {isLoading && <Loading label={t('portal.loading')} />}
        {error &&
          (error instanceof ApiError && error.status === 404 ? (
            <p role="alert">{t('portal.notFound')}</p>
          ) : (
            <LoadFailed text={t('portal.loadFailed')} onRetry={() => void mutate()} />
          ))}
      </Main>
    </Page>
  );
}

function BrandedFrame({ descriptor, themeOverrides, standalone }: { descriptor: PortalDescriptor } & PortalFrameProps) {
  const { t } = useMessages();
  const base = useTheme();
  const title = t('portal.title', { manufacturer: descriptor.manufacturer_name });
  useEffect(() => {
    if (standalone) document.title = title;
  }, [standalone, title]);
  return (
    <ThemeProvider theme={portalTheme(base, descriptor.brand_color, themeOverrides)}>
      <PortalDescriptorContext.Provider value={descriptor}>
        <Page>
          {standalone && <SkipLink href={`#${MAIN_ID}`}>{t('portal.skipToContent')}</SkipLink>}
          <PortalHeader descriptor={descriptor} standalone={standalone ?? false} />
          <Main as={standalone ? 'main' : 'div'} id={MAIN_ID} tabIndex={-1}>
            {descriptor.enabled ? (
              <Outlet />
            ) : (
              <p role="alert">{t('portal.switchedOff', { manufacturer: descriptor.manufacturer_name })}</p>
            )}
          </Main>
        </Page>
      </PortalDescriptorContext.Provider>
    </ThemeProvider>
  );
}
