import { type ListState } from 'shared-kit';
import { orderKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}/orders: one page of a manufacturer's orders, optionally by buyer email or external order id. */
export const manufacturerOrdersKey = (manufacturerId: number, { page, perPage, search }: ListState) =>
  orderKeys.list(manufacturerId, { page, per_page: perPage, search });
