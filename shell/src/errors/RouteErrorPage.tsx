import { isRouteErrorResponse, useRouteError } from 'react-router';
import styled from 'styled-components';

export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteErrorPage() {
  const error = useRouteError();
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
