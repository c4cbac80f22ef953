import type { Db } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { StaffPrincipal } from '../../auth/principal';
import { recordAudit } from '../../repositories/audit-log';
import { licenseForSigning, type LicenseForSigning, type LicenseKey } from '../queries/license-for-signing';
import { countClientDeactivations, deactivateMachine as markMachineDeactivated, findLicenseMachine, findMachineById, type LicenseMachineRow } from '../queries/license-machines';
import { LICENSE_NOT_FOUND } from './activate-machine';

/** Customers free at most this many machines per licence in DEACTIVATION_WINDOW_DAYS: no unlimited files by moving. */
export const CLIENT_DEACTIVATIONS_MAX = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;
export const DEACTIVATION_CAP_REACHED = `This license was already deactivated on ${CLIENT_DEACTIVATIONS_MAX} machines in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed: please contact the manufacturer's support to free a machine.`;
export const NOT_ACTIVATED_HERE = 'This license is not activated on this machine.';
export const MACHINE_ALREADY_DEACTIVATED = 'This machine is already deactivated.';

/**
 * Who frees the machine, and what follows from it:
 * - `staff` (a customer who lost a machine asked support): names the machine by id, not capped, audited as
 *   `license_machine.deactivate` by the staff user; a machine that is not there is a 404, one already free a 409;
 * - `client` (a plugin, or a customer acting for their machine): names the machine by its fingerprint, capped at
 *   CLIENT_DEACTIVATIONS_MAX in DEACTIVATION_WINDOW_DAYS, audited as `client.machine.deactivate` with the caller's
 *   address; a machine not holding a slot is a 409 either way.
 */
export type Deactivator = { kind: 'staff'; principal: StaffPrincipal; machineId: number } | { kind: 'client'; address: string; hardwareFingerprint: string };

export interface MachineDeactivation {
  license: LicenseKey;
  deactivator: Deactivator;
}

export interface DeactivatedMachine {
  license: LicenseForSigning;
  /** The machine as it is now (deactivated). */
  machine: LicenseMachineRow & { deactivated_at: Date };
  /** The client deactivations left in the window after this one (staff ones do not count). */
  deactivationsLeft: number;
}

/** Frees a machine's slot on a licence and audits it, in one transaction that holds the licence locked. */
export async function deactivateLicenseMachine(db: Db, { license: key, deactivator }: MachineDeactivation): Promise<DeactivatedMachine> {
  const client = deactivator.kind === 'client';
  const alreadyFree = client ? NOT_ACTIVATED_HERE : MACHINE_ALREADY_DEACTIVATED;
  return db.transaction().execute(async (trx) => {
    const license = await licenseForSigning(trx, key, { lock: true }).executeTakeFirst();
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    const before = client ? await findLicenseMachine(trx, license.id, deactivator.hardwareFingerprint) : await findMachineById(trx, license.id, deactivator.machineId);
    if (!before && !client) throw notFound('Machine');
    if (!before || before.deactivated_at !== null) throw conflict(alreadyFree);
    const used = client ? await countClientDeactivations(trx, license.id, DEACTIVATION_WINDOW_DAYS) : 0;
    if (client && used >= CLIENT_DEACTIVATIONS_MAX) throw conflict(DEACTIVATION_CAP_REACHED);
    const after = await markMachineDeactivated(trx, license.manufacturer_id, license.id, before.id, deactivator.kind);
    if (!after?.deactivated_at) throw conflict(alreadyFree);
    await recordAudit(trx, client ? null : deactivator.principal, {
      manufacturerId: license.manufacturer_id,
      action: client ? 'client.machine.deactivate' : 'license_machine.deactivate',
      entityType: 'license_machine',
      entityId: before.id,
      before,
      after: client ? { actor: 'client', address: deactivator.address, license_id: license.id, deactivated_at: after.deactivated_at } : { ...after, license_id: license.id },
    });
    return { license, machine: { ...after, deactivated_at: after.deactivated_at }, deactivationsLeft: CLIENT_DEACTIVATIONS_MAX - used - 1 };
  });
}
