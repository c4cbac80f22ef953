import { createFakeApiClient, type RecordedApiCall } from 'shared-kit/testing';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { ApiError, ShellServicesProvider, createListStateStore, theme, type ApiClient, type AuthSession, type ShellServices } from 'shared-kit';

export type RecordedCall = RecordedApiCall;

/** Answers a call with a value, or throws (an ApiError stands for an error answer). */
export type FakeRoutes = (call: RecordedCall) => unknown;

export const notFoundError = (what = 'Not found') => new ApiError(404, [what]);

export const createFakeApi = createFakeApiClient;

export const AURORA_SESSION: AuthSession = { token: 't', access_level: 'manufacturer', manufacturer: { id: 7, name: 'Aurora Audio' } };

function LocationProbe() {
  const location = useLocation();
  return <div aria-label="Current location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderInAreaOptions {
  api: ApiClient;
  /** Where the browser is, e.g. `/Home/Users`. */
  path: string;
  loadRemoteModule?: ShellServices['loadRemoteModule'];
  showError?: ShellServices['showError'];
  session?: AuthSession | null;
}

/**
 * Renders an element as the shell does: under `/Home/*`, with the shell's services, a fresh SWR cache and the
 * theme. The current location is readable as the 'Current location' output.
 */
export function renderInArea(element: ReactElement, options: RenderInAreaOptions) {
  const services: ShellServices = {
    api: options.api,
    session: options.session === undefined ? AURORA_SESSION : options.session,
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError: options.showError ?? jest.fn(),
    listStates: createListStateStore(null),
    loadRemoteModule: options.loadRemoteModule ?? (() => Promise.reject(new Error('no remote in this test'))),
  };
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false, shouldRetryOnError: false }}>
          <MemoryRouter initialEntries={[options.path]}>
            <Routes>
              <Route path="/Home/*" element={element} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>,
  );
  return { ...view, user, services };
}

/** The path the router is at now. */
export const currentLocation = (container: { getByLabelText: (text: string) => HTMLElement }) => container.getByLabelText('Current location').textContent;

/** An answer the test gives later, to see what shows while a call is pending. */
export function deferredAnswer<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
