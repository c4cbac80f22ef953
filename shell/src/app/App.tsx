import { BrowserRouter } from 'react-router';
import { ShellProviders } from './ShellProviders';
import { ShellRoutes } from './router';
import type { RuntimeConfig } from './runtime-config';

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <ShellProviders config={config}>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </ShellProviders>
  );
}
