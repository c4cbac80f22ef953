import styled from 'styled-components';
import { Link } from 'react-router';
import { licensingLinks } from 'shared-kit/pages';
import { useLicenseOrder } from '../api/get-license-order';
import { orderLabel } from '../../../shared/order-words';

const Line = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

/**
 * The order a licence came from, linked to the order's page. Nothing for a licence made another way, nor when the
 * answer does not come: the order is a pointer, not the dialog's subject.
 */
export function LicenseOrder({ licenseId }: { licenseId: number }) {
  const { data } = useLicenseOrder(licenseId);
  const order = data?.order;
  if (!order) return null;
  const name = `Order ${orderLabel(order)}`;
  return (
    <Line>
      From <Link to={licensingLinks.order(order.id)}>{name}</Link>
      {order.status === 'refunded' && ' (refunded)'}
    </Line>
  );
}
