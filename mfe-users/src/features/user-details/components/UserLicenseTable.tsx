import type { ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import styled from 'styled-components';
import {
  Button,
  Spinner,
  useShellServices,
  type LicenseTableModule,
  type LicenseTableProps,
  type ShellServices,
} from 'shared-kit';
import { useRemoteModule } from 'shared-kit/remote-module';

const Problem = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.normal};
  p {
    margin: 0;
  }
`;

async function loadLicenseTable(
  loadRemoteModule: ShellServices['loadRemoteModule'],
): Promise<ComponentType<LicenseTableProps>> {
  const module = await loadRemoteModule<LicenseTableModule>('licensing', 'license-table');
  if (!module?.default) throw new Error('The licensing remote did not provide its license-table component.');
  return module.default;
}

export const LICENSE_TABLE_UNAVAILABLE = 'The licenses could not be loaded.';

/**
 * The user's licences, shown by the licence table that mfe-licensing exposes, loaded at run time. If that
 * remote is down or its table fails, only this section says so (with Retry); the rest of the page works.
 */
export function UserLicenseTable({ userId }: { userId: number }) {
  const { loadRemoteModule } = useShellServices();
  const {
    module: LicenseTable,
    failed,
    attempt,
    retry,
  } = useRemoteModule('The license table of the licensing remote', () => loadLicenseTable(loadRemoteModule));

  if (failed) return <LicenseTableProblem onRetry={retry} />;
  if (!LicenseTable) return <Spinner label="Loading licenses..." />;
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error) => console.error('The license table of the licensing remote failed while rendering:', error)}
      fallbackRender={({ resetErrorBoundary }) => (
        <LicenseTableProblem
          onRetry={() => {
            resetErrorBoundary();
            retry();
          }}
        />
      )}
    >
      <LicenseTable source={{ userId }} />
    </ErrorBoundary>
  );
}

function LicenseTableProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <Problem role="alert">
      <p>{LICENSE_TABLE_UNAVAILABLE}</p>
      <Button variant="primary" onClick={onRetry}>
        Retry
      </Button>
    </Problem>
  );
}
