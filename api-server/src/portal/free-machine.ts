import type { PortalMachineFreed } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { apiTimestamp } from '../db/api-timestamps';
import { deactivateLicenseMachine } from '../licenses/activation/deactivate-machine';
import type { Customer } from './customer-authentication';
import { mailFreedMachine } from '../buyer-mails/machine-freed';

/**
 * The customer frees one of their licence's machines (the laptop is gone): the plugin's rule and cap, one core; the
 * "machine freed" mail goes to them in the same transaction.
 */
export async function freeMyMachine(
  db: Db,
  customer: Customer,
  licenseId: number,
  machineId: number,
  publicUrl: string,
): Promise<PortalMachineFreed> {
  const freed = await deactivateLicenseMachine(db, {
    license: { id: licenseId, manufacturerId: customer.manufacturerId },
    deactivator: { kind: 'customer', customer, machineId },
    alongside: (trx, { license, machine }) =>
      mailFreedMachine(trx, publicUrl, {
        manufacturerId: license.manufacturer_id,
        licenseId: license.id,
        machine,
        freedBy: 'customer',
      }),
  });
  return {
    license_id: freed.license.id,
    machine_id: freed.machine.id,
    name: freed.machine.name,
    hardware_fingerprint: freed.machine.hardware_fingerprint,
    deactivated_at: apiTimestamp(freed.machine.deactivated_at),
    deactivations_left: freed.deactivationsLeft,
  };
}
