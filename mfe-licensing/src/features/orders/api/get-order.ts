import { useApiResource, type Order, type ResourceResult } from 'shared-kit';
import { orderKeys } from 'shared-kit/data';

/** GET /orders/{id}: the order with its lines and every licence it created. */
export const useOrder = (orderId: number): ResourceResult<Order> => useApiResource<Order>(orderKeys.detail(orderId));
