import type { DisableReason, Order } from 'shared-kit/contract';
import type { AuditActor } from '../auth/actor';
import type { Db } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { mailDisabledLicenses } from '../buyer-mails/license-disabled';
import { changeLicenseStates } from '../licenses/queries/license-state-changes';
import { lockLicenseIds } from '../licenses/queries/licenses';
import { ORDER_ALREADY_REFUNDED } from './order-rules';
import { findOrder, lockOrder, markRefunded, orderLicenseIds } from './queries/orders';

export const ORDER = 'Order';

/**
 * Refunds an order: every licence of it is disabled with `reason` the way the console disables one (audited
 * `license.disable` each, so History, the revocation list and the `license.disabled` webhooks follow), and the
 * order is marked refunded (`order.refund`, webhook `order.refunded`); the buyer's "licence disabled" mail is written in
 * the same transaction (under `publicUrl`'s portal). A refunded order is a 409.
 * `manufacturerId` null: the superuser, who reaches any manufacturer's order.
 */
export async function refundOrder(
  db: Db,
  manufacturerId: number | null,
  orderId: number,
  actor: AuditActor,
  reason: DisableReason,
  publicUrl: string,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, manufacturerId, orderId);
    if (!order) throw notFound(ORDER);
    if (order.status === 'refunded') throw conflict(ORDER_ALREADY_REFUNDED);
    const ids = await lockLicenseIds(trx, order.manufacturer_id, await orderLicenseIds(trx, orderId));
    await changeLicenseStates(trx, actor, order.manufacturer_id, ids, { disabled: true, disabled_reason: reason });
    await markRefunded(trx, orderId, reason);
    await mailDisabledLicenses(trx, publicUrl, order.manufacturer_id, ids, reason);
    await recordAudit(trx, actor, {
      manufacturerId: order.manufacturer_id,
      action: 'order.refund',
      entityType: 'order',
      entityId: orderId,
      before: { status: 'completed' },
      after: { status: 'refunded', refund_reason: reason, license_ids: ids },
    });
    return (await findOrder(trx, order.manufacturer_id, orderId))!;
  });
}
