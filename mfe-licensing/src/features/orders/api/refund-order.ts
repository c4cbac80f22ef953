import { type DisableReason, type Order } from 'shared-kit';
import { licenseKeys, orderKeys, useApiMutation, type ApiMutation } from 'shared-kit/data';

export interface OrderRefund {
  orderId: number;
  reason: DisableReason;
}

const refundOrder: ApiMutation<OrderRefund, Order> = {
  name: 'refund-order',
  method: 'POST',
  path: ({ orderId }) => orderKeys.refund(orderId),
  body: ({ reason }) => ({ reason }),
  // The order, its row in the list, and its licences (disabled) in every licence list.
  invalidates: () => [orderKeys.lists(), ...orderKeys.details(), ...licenseKeys.lists()],
};

/** POST /orders/{id}/refund with the reason every licence of the order is disabled with. */
export const useRefundOrder = () => useApiMutation(refundOrder);
