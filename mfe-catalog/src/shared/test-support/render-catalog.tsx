import { createFakeApiClient, type RecordedApiCall } from 'shared-kit/testing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import {
  ApiError,
  ShellServicesProvider,
  createListStateStore,
  theme,
  type AuthSession,
  type ShellServices,
} from 'shared-kit';
import CatalogRoutes from '../../routes';

export type ApiCall = RecordedApiCall;

/** Answers one call: return the answer, or throw (an ApiError, as the real client does). */
export type FakeServer = (call: ApiCall) => unknown | Promise<unknown>;

export const apiError = (status: number, ...messages: string[]) => new ApiError(status, messages);
export const notFound = (call: ApiCall) => apiError(404, `No fake answer for ${call.method} ${call.path}`);

export const createFakeApi = createFakeApiClient;

export const MANUFACTURER_ID = 7;
export const staffSession: AuthSession = { token: 'staff-token', access_level: 'manufacturer', manufacturer: { id: MANUFACTURER_ID, name: 'Aurora Audio' } };

function Location() {
  const location = useLocation();
  return <output aria-label="Current address">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderCatalogOptions {
  session?: AuthSession | null;
}

/** Renders the catalog's routes under /Home, as the shell does, with a fake API and a spy error modal. */
export function renderCatalog(path: string, server: FakeServer, { session = staffSession }: RenderCatalogOptions = {}) {
  const { api, calls } = createFakeApi(server);
  const showError = jest.fn();
  const listStates = createListStateStore(null);
  const services: ShellServices = {
    api,
    session,
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError,
    listStates,
    loadRemoteModule: () => Promise.reject(new Error('no remotes in tests')),
  };
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/Home/*" element={<CatalogRoutes />} />
            </Routes>
            <Location />
          </MemoryRouter>
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>,
  );
  return { ...view, user, calls, showError, listStates, currentPath: () => view.getByLabelText('Current address').textContent };
}
