import type { ClientMachineBody, DeactivationResult } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { findClientLicense } from '../repositories/client-licenses';
import { countClientDeactivations, deactivateMachine, findLicenseMachine } from '../licenses/queries/license-machines';
import { LICENSE_NOT_FOUND, documentTime, recordClientAudit, serialOf, type ClientCall } from './client-values';

/** Customers free at most this many machines per licence in DEACTIVATION_WINDOW_DAYS: no unlimited files by moving. */
export const CLIENT_DEACTIVATIONS_MAX = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;
export const DEACTIVATION_CAP_REACHED = `This license was already deactivated on ${CLIENT_DEACTIVATIONS_MAX} machines in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed: please contact the manufacturer's support to free a machine.`;
export const NOT_ACTIVATED_HERE = 'This license is not activated on this machine.';

/** The customer frees this machine's slot (their plugin then deletes its licence file). */
export async function deactivateBySerial(db: Db, call: ClientCall, body: ClientMachineBody): Promise<DeactivationResult> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  return db.transaction().execute(async (trx) => {
    const license = await findClientLicense(trx, body.product_id, serialOf(body.serial), true);
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    const machine = await findLicenseMachine(trx, license.id, hardwareFingerprint);
    if (!machine || machine.deactivated_at !== null) throw conflict(NOT_ACTIVATED_HERE);
    const used = await countClientDeactivations(trx, license.id, DEACTIVATION_WINDOW_DAYS);
    if (used >= CLIENT_DEACTIVATIONS_MAX) throw conflict(DEACTIVATION_CAP_REACHED);
    const after = await deactivateMachine(trx, license.manufacturer_id, license.id, machine.id, 'client');
    if (!after?.deactivated_at) throw conflict(NOT_ACTIVATED_HERE);
    await recordClientAudit(trx, call, {
      manufacturerId: license.manufacturer_id,
      action: 'client.machine.deactivate',
      entityType: 'license_machine',
      entityId: machine.id,
      before: machine,
      after: { license_id: license.id, deactivated_at: after.deactivated_at },
    });
    return {
      serial: license.serial,
      hardware_fingerprint: hardwareFingerprint,
      deactivated_at: documentTime(after.deactivated_at),
      deactivations_left: CLIENT_DEACTIVATIONS_MAX - used - 1,
    };
  });
}
