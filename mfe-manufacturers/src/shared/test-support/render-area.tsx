import { createFakeApiClient, type RecordedApiCall } from 'shared-kit/testing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import {
  ApiError,
  ShellServicesProvider,
  createListStateStore,
  theme,
  type AuthSession,
  type Manufacturer,
  type ShellServices,
} from 'shared-kit';
import ManufacturersRoutes from '../../routes';

export const superuserSession: AuthSession = { token: 'super-token', access_level: 'superuser', manufacturer: null };
export const auroraSession: AuthSession = { token: 'aurora-token', access_level: 'manufacturer', manufacturer: { id: 7, name: 'Aurora Audio' } };

export function manufacturerFixture(overrides: Partial<Manufacturer> = {}): Manufacturer {
  return {
    id: 7,
    name: 'Aurora Audio',
    manufacturer_pool_id: 'pool-aurora-eu-1',
    address: 'Klangweg 5\n10115 Berlin',
    phone: '+49 30 1234567',
    email: 'hello@aurora-audio.example',
    vat_id: 'DE811907980',
    country_code: 'DE',
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-03-04T12:30:00.000Z',
    ...overrides,
  };
}

export type ApiCall = RecordedApiCall;

/** Answers one call with data, or fails it by throwing (an `ApiError`, as the real client does). */
export type FakeServer = (call: ApiCall) => unknown;

export const fakeApiClient = createFakeApiClient;

export const apiError = (status: number, ...messages: string[]) => new ApiError(status, messages);

/** Shows where the router is, so tests can see navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output aria-label="Current location">
      {location.pathname}
      {location.search}
    </output>
  );
}

export interface RenderAreaOptions {
  /** The history to start from; the last entry is the current page. */
  entries: InitialEntry[];
  session: AuthSession | null;
  server: FakeServer;
  /** For fake timers: user-event must advance them while it waits. */
  advanceTimers?: (ms: number) => void;
}

/** The area's routes under /Home, as the shell renders them, with the services the shell provides. */
export function renderArea({ entries, session, server, advanceTimers }: RenderAreaOptions) {
  const { api, calls } = fakeApiClient(server);
  const services: ShellServices = {
    api,
    session,
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError: jest.fn(),
    listStates: createListStateStore(null),
    loadRemoteModule: jest.fn(),
  };
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false, shouldRetryOnError: false }}>
          <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
            <Routes>
              <Route path="/Home/*" element={<ManufacturersRoutes />} />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>,
  );
  return { ...view, user, calls, services };
}
