import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ShellProviders } from './ShellProviders';
import { createRouter } from './router';
import type { RuntimeConfig } from './runtime-config';

export function App({ config }: { config: RuntimeConfig }) {
  const [router] = useState(createRouter);
  return (
    <ShellProviders config={config}>
      <RouterProvider router={router} />
    </ShellProviders>
  );
}
