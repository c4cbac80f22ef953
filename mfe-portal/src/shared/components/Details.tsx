import styled from 'styled-components';

/** Label and value pairs of a card (`<dl>`): side by side when there is room, stacked on a phone. */
export const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  margin: 0;

  @media (min-width: 600px) {
    grid-template-columns: max-content minmax(0, 1fr);
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.small};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    overflow-wrap: anywhere;
  }

  dd p {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
  }
`;

/** A card of a list (a licence, a trial). */
export const ItemCard = styled.li`
  list-style: none;
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};

  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-size: ${({ theme }) => theme.font.size.large};
    overflow-wrap: anywhere;
  }
`;

export const ItemList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-size: ${({ theme }) => theme.font.size.title};
`;
