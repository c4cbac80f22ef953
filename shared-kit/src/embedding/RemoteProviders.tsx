import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { ShellServicesProvider, type ShellServices } from '../services/shell-services';
import { GlobalStyle, theme } from '../ui/theme';

/** The data layer's settings wherever a remote runs: no refetch on focus, no automatic retry (pages offer Retry). */
const SWR_SETTINGS = { revalidateOnFocus: false, shouldRetryOnError: false };

/**
 * The one provider set-up every page of a remote runs in: the theme, the host's services and the data layer's
 * settings. The shell wraps the console in it; `mount()` wraps an embedded remote in it; the customer portal too.
 * `globalStyle` when the whole page is ProductHub's (the console, the portal's standalone page).
 */
export function RemoteProviders({
  services,
  globalStyle = false,
  children,
}: {
  services: ShellServices;
  globalStyle?: boolean;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      {globalStyle && <GlobalStyle />}
      <ShellServicesProvider value={services}>
        <SWRConfig value={SWR_SETTINGS}>{children}</SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>
  );
}
