import styled from 'styled-components';

/** A list's search on the left, its list actions (Export CSV) on the right; wraps on narrow screens. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;
