import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { Footer } from './Footer';

const Frame = styled.div<{ $rows: string }>`
  min-height: 100vh;
  display: grid;
  grid-template-rows: ${({ $rows }) => $rows} auto;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * A whole screen of the console, at least the window's height: `children` in grid rows sized by `rows`, then the
 * footer, which is on every screen (docs/console.md, Layout and navigation).
 */
export function Screen({ rows, children }: { rows: string; children: ReactNode }) {
  const { version, environment } = useRuntimeConfig();
  return (
    <Frame $rows={rows}>
      {children}
      <Footer version={version} environment={environment} />
    </Frame>
  );
}
