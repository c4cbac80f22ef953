import styled from 'styled-components';
import { PRODUCTION_ENVIRONMENT } from 'shared-kit';

/** Version and environment label; production is shown in red so nobody mistakes it for a test system. */
export function Footer({ version, environment }: { version: string; environment: string }) {
  const isProduction = environment.toLowerCase() === PRODUCTION_ENVIRONMENT;
  return (
    <Bar>
      <span>ProductHub {version}</span>
      {environment && (
        <Environment $production={isProduction} data-production={isProduction}>
          {environment}
        </Environment>
      )}
    </Bar>
  );
}

const Bar = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.muted};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Environment = styled.span<{ $production: boolean }>`
  font-weight: 600;
  text-transform: uppercase;
  color: ${({ $production, theme }) => ($production ? theme.colors.danger : theme.colors.muted)};
`;
