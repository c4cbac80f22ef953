import { createFakeApiClient, type RecordedApiCall } from 'shared-kit/testing';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { ThemeProvider } from 'styled-components';
import { ApiError, ShellServicesProvider, createListStateStore, theme, type ShellServices } from 'shared-kit';

export type FakeCall = RecordedApiCall;

/** Answers one call; throwing (e.g. `apiError(...)`) is the server saying no. */
export type FakeHandler = (call: FakeCall) => unknown | Promise<unknown>;

export const apiError = (status: number, ...messages: string[]) => new ApiError(status, messages);

export const createFakeApi = createFakeApiClient;

export interface RenderRemoteOptions {
  handler: FakeHandler;
  /** The address the page is opened at, and the route pattern that renders `ui`. */
  path?: string;
  routePath?: string;
}

/** Renders a piece of this remote as the shell would: services, a fresh data cache, theme and router. */
export function renderRemote(ui: ReactElement, { handler, path = '/', routePath = '*' }: RenderRemoteOptions) {
  const { api, calls } = createFakeApi(handler);
  const showError = jest.fn<void, [string]>();
  const services: ShellServices = {
    api,
    session: { token: 't', access_level: 'manufacturer', manufacturer: { id: 1, name: 'Aurora Audio' } },
    logout: jest.fn(),
    refreshSession: jest.fn(() => Promise.resolve()),
    showError,
    listStates: createListStateStore(null),
    loadRemoteModule: jest.fn(),
  };
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={theme}>
      <ShellServicesProvider value={services}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={routePath} element={ui} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </ShellServicesProvider>
    </ThemeProvider>,
  );
  return { ...view, user, calls, showError, api };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** A promise the test settles, to see what shows while a call is pending. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
