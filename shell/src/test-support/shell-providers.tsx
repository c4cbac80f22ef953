import type { ReactNode } from 'react';
import { TEST_API_BASE_URL } from 'shared-kit/testing';
import { ShellProviders } from '../app/ShellProviders';
import type { RuntimeConfig } from '../app/runtime-config';

export const testConfig: RuntimeConfig = {
  apiBaseUrl: TEST_API_BASE_URL,
  environment: 'staging',
  version: '1.4.2',
  remotes: {},
};

/** The shell's own providers (session over the real API client, error modal) as `renderPage`'s wrapper. */
export function shellProviders(config?: Partial<RuntimeConfig>) {
  return function TestShellProviders({ children }: { children: ReactNode }) {
    return <ShellProviders config={{ ...testConfig, ...config }}>{children}</ShellProviders>;
  };
}
