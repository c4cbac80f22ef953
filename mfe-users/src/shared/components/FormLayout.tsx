import styled from 'styled-components';
import { Card } from 'shared-kit';

/** A form on a card, fields stacked. */
export const FormCard = styled(Card).attrs({ as: 'form' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 560px;
`;

/** The submit and cancel buttons under a form. */
export const FormButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
`;
