import type { PortalMachineFreed } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { apiTimestamp } from '../api-shapes/timestamps';
import { freeClientMachine } from '../clients/deactivate';
import { notFound } from '../lib/http-error';
import type { Customer } from './customer-authentication';

/** The customer's own licence, locked for the free: another customer's (or manufacturer's) licence is a 404. */
function lockMyLicense(db: Db, customer: Customer, licenseId: number) {
  return db
    .selectFrom('licenses')
    .select(['id', 'manufacturer_id', 'serial'])
    .where('id', '=', licenseId)
    .where('user_id', '=', customer.endUserId)
    .where('manufacturer_id', '=', customer.manufacturerId)
    .forUpdate()
    .executeTakeFirst();
}

/** The customer frees one of their licence's machines (the laptop is gone): the client API's rule and cap. */
export async function freeMyMachine(db: Db, customer: Customer, licenseId: number, machineId: number): Promise<PortalMachineFreed> {
  return db.transaction().execute(async (trx) => {
    const license = await lockMyLicense(trx, customer, licenseId);
    if (!license) throw notFound('License');
    const freed = await freeClientMachine(trx, license, { machineId }, { customer });
    return {
      license_id: license.id,
      machine_id: freed.machine.id,
      hardware_fingerprint: freed.machine.hardware_fingerprint,
      deactivated_at: apiTimestamp(freed.deactivatedAt),
      deactivations_left: freed.deactivationsLeft,
    };
  });
}
