import styled from 'styled-components';

/** Label / value pairs side by side (ID, External ID, User ...). */
export const DescriptionList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    word-break: break-all;
  }
`;
