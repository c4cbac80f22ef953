import { useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import styled from 'styled-components';
import { SWRConfig } from 'swr';
import { Button, Spinner } from 'shared-kit';
import { useRemoteModule } from 'shared-kit/remote-module';
import { UNEXPECTED_ERROR_TITLE, messageOf } from '../errors/RouteErrorPage';
import { loadRemoteRoutes } from './load-remote-routes';
import { CONSOLE_SHARED_KIT_VERSION, RemoteIncompatibleError } from './remote-compatibility';
import type { RemoteArea } from './remote-areas';

/** Loads one remote at run time and renders it; if it cannot load or throws, an in-place error with Retry. */
export function RemoteAreaView({ area }: { area: RemoteArea }) {
  const remote = useRemoteModule(`The ${area.remote} remote`, (isRetry) => loadRemoteRoutes(area.remote, isRetry));
  const { attempt, retry } = remote;
  // A page that crashed on the data it had would crash again on the same cached answer: after a crash the
  // area gets a data cache of its own, so Retry fetches afresh.
  const [crashes, setCrashes] = useState(0);

  if (remote.failed) {
    if (remote.error instanceof RemoteIncompatibleError) {
      return (
        <AreaError
          title={`${area.title} cannot run in this version of ProductHub.`}
          detail={`It was built for shared-kit ${remote.error.requiredSharedKit}; this console provides ${CONSOLE_SHARED_KIT_VERSION}. Deploy a build of ${area.title} made for this version (or roll it back). The rest of the console still works.`}
          onRetry={retry}
        />
      );
    }
    return (
      <AreaError
        title={`${area.title} could not be loaded.`}
        detail="This part of ProductHub is unavailable right now. The rest of the console still works."
        onRetry={retry}
      />
    );
  }
  if (!remote.module) {
    if (!remote.slow) return <Spinner label={`Loading ${area.title}...`} />;
    return (
      <Box role="status">
        <strong>{`${area.title} is still loading.`}</strong>
        <p>This part of ProductHub is taking longer than usual. The rest of the console still works.</p>
        <Button variant="primary" onClick={retry}>
          Retry
        </Button>
      </Box>
    );
  }
  const Routes = remote.module.default;
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error) => console.error(`The ${area.remote} remote failed while rendering:`, error)}
      fallbackRender={({ error, resetErrorBoundary }: FallbackProps) => (
        <AreaError
          heading={UNEXPECTED_ERROR_TITLE}
          message={messageOf(error)}
          title={`${area.title} stopped working.`}
          detail="Something went wrong on this page. The rest of the console still works."
          onRetry={() => {
            setCrashes((n) => n + 1);
            resetErrorBoundary();
            retry();
          }}
        />
      )}
    >
      {crashes === 0 ? (
        <Routes />
      ) : (
        <SWRConfig key={crashes} value={{ provider: () => new Map() }}>
          <Routes />
        </SWRConfig>
      )}
    </ErrorBoundary>
  );
}

interface AreaErrorProps {
  title: string;
  detail: string;
  onRetry: () => void;
  /** The routing-error title (docs/console.md, Errors) and the error's message, for a page that crashed while rendering. */
  heading?: string;
  message?: string;
}

function AreaError({ title, detail, onRetry, heading, message }: AreaErrorProps) {
  return (
    <Box role="alert">
      {heading && <Heading>{heading}</Heading>}
      {message && <Message>{message}</Message>}
      <strong>{title}</strong>
      <p>{detail}</p>
      <Button variant="primary" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: 1.2rem;
  color: ${({ theme }) => theme.colors.danger};
`;

const Message = styled.pre`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Box = styled.div`
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme }) => theme.colors.surface};
  max-width: 640px;
  p {
    margin: ${({ theme }) => `${theme.spacing.sm} 0 ${theme.spacing.md}`};
  }
`;
