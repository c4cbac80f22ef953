import styled from 'styled-components';
import { ButtonLink, Section } from 'shared-kit';
import { licensingLinks } from 'shared-kit/pages';

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

/** On the manufacturer's page: the way to its orders, for its staff and the superuser. */
export function OrdersSection({ manufacturerId }: { manufacturerId: number }) {
  return (
    <Section
      title="Orders"
      actions={
        <ButtonLink to={licensingLinks.manufacturerOrders(manufacturerId)} aria-label="View orders">
          Orders
        </ButtonLink>
      }
    >
      <Note>The sales that made licenses: from the shop through the order API, or from Stripe and Paddle.</Note>
    </Section>
  );
}
