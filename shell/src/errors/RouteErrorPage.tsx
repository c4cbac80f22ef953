import styled from 'styled-components';

export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a page that threw while rendering shows instead (ShellRoutes' error boundary). */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Box role="alert">
      <h2>{UNEXPECTED_ERROR_TITLE}</h2>
      <p>{messageOf(error)}</p>
      <a href="/Home">Back to the dashboard</a>
    </Box>
  );
}

const Box = styled.div`
  padding: 24px;
`;
