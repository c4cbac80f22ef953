import type { ClientMachineBody, DeactivationResult } from 'shared-kit/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { HttpError, conflict, notFound } from '../lib/http-error';
import { hardwareFingerprintOf } from '../licensing/license-rules';
import { recordAudit } from '../repositories/audit-log';
import { findClientLicense } from '../repositories/client-licenses';
import { countClientDeactivations, deactivateMachine, findLicenseMachine, findMachineById } from '../repositories/license-machines';
import type { Customer } from '../portal/customer-authentication';
import { LICENSE_NOT_FOUND, documentTime, recordClientAudit, serialOf, type ClientCall } from './client-values';

/** Customers free at most this many machines per licence in DEACTIVATION_WINDOW_DAYS: no unlimited files by moving. */
export const CLIENT_DEACTIVATIONS_MAX = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;
export const DEACTIVATION_CAP_REACHED = `This license was already deactivated on ${CLIENT_DEACTIVATIONS_MAX} machines in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed: please contact the manufacturer's support to free a machine.`;
export const NOT_ACTIVATED_HERE = 'This license is not activated on this machine.';
export const MACHINE_ALREADY_FREED = 'This machine was already freed.';

/** The cap's 409, knowing when the licence may free a machine again (the client API says it in words only). */
export class DeactivationCapReached extends HttpError {
  constructor(readonly nextPossibleAt: Date) {
    super(409, DEACTIVATION_CAP_REACHED);
  }
}

/** Who frees the machine: the plugin on it (the client API) or the customer signed in to the portal. */
export type Deactivator = { client: ClientCall } | { customer: Customer };

/** Which machine of the licence: the plugin names its fingerprint, the portal the machine's id. */
export type MachineChoice = { hardwareFingerprint: string } | { machineId: number };

/** A licence row the caller holds locked. */
export interface LockedLicense {
  id: number;
  manufacturer_id: number;
  serial: string;
}

/** When the licence may free a machine again: the oldest frees that fill the cap leave the window. */
async function nextDeactivationPossibleAt(db: Db, licenseId: number): Promise<Date> {
  const row = await db
    .selectFrom('license_machine_deactivations')
    .select(sql<Date>`created_at + make_interval(days => ${DEACTIVATION_WINDOW_DAYS})`.as('next_at'))
    .where('license_id', '=', licenseId)
    .where('deactivated_by', '=', 'client')
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${DEACTIVATION_WINDOW_DAYS})`)
    .orderBy('created_at', 'desc')
    .offset(CLIENT_DEACTIVATIONS_MAX - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.next_at;
}

async function findChosenMachine(db: Db, licenseId: number, choice: MachineChoice) {
  if ('machineId' in choice) {
    const machine = await findMachineById(db, licenseId, choice.machineId);
    if (!machine) throw notFound('Machine');
    if (machine.deactivated_at !== null) throw conflict(MACHINE_ALREADY_FREED);
    return machine;
  }
  const machine = await findLicenseMachine(db, licenseId, choice.hardwareFingerprint);
  if (!machine || machine.deactivated_at !== null) throw conflict(NOT_ACTIVATED_HERE);
  return machine;
}

/**
 * The one rule for a customer freeing a machine, whether their plugin asks (client API) or they do in the portal:
 * the machine must hold a slot, at most CLIENT_DEACTIVATIONS_MAX frees per licence in the window, then the slot is
 * freed and audited (webhook `machine.deactivated`). `trx` is a transaction holding the licence locked.
 */
export async function freeClientMachine(trx: Db, license: LockedLicense, choice: MachineChoice, by: Deactivator) {
  const machine = await findChosenMachine(trx, license.id, choice);
  const used = await countClientDeactivations(trx, license.id, DEACTIVATION_WINDOW_DAYS);
  if (used >= CLIENT_DEACTIVATIONS_MAX) throw new DeactivationCapReached(await nextDeactivationPossibleAt(trx, license.id));
  const after = await deactivateMachine(trx, license.manufacturer_id, license.id, machine.id, 'client');
  if (!after?.deactivated_at) throw conflict(NOT_ACTIVATED_HERE);
  const entry = { manufacturerId: license.manufacturer_id, action: 'client.machine.deactivate', before: machine };
  if ('client' in by) {
    await recordClientAudit(trx, by.client, {
      ...entry,
      entityType: 'license_machine',
      entityId: machine.id,
      after: { license_id: license.id, deactivated_at: after.deactivated_at },
    });
  } else {
    // On the licence, so that the console's licence History shows it, with the customer as actor.
    await recordAudit(trx, by.customer, {
      ...entry,
      entityType: 'license',
      entityId: license.id,
      after: { actor: 'customer', license_id: license.id, machine_id: machine.id, hardware_fingerprint: machine.hardware_fingerprint, deactivated_at: after.deactivated_at },
    });
  }
  return { machine, deactivatedAt: after.deactivated_at, deactivationsLeft: CLIENT_DEACTIVATIONS_MAX - used - 1 };
}

/** The customer frees this machine's slot (their plugin then deletes its licence file). */
export async function deactivateBySerial(db: Db, call: ClientCall, body: ClientMachineBody): Promise<DeactivationResult> {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  return db.transaction().execute(async (trx) => {
    const license = await findClientLicense(trx, body.product_id, serialOf(body.serial), true);
    if (!license) throw notFound(LICENSE_NOT_FOUND);
    const freed = await freeClientMachine(trx, license, { hardwareFingerprint }, { client: call });
    return {
      serial: license.serial,
      hardware_fingerprint: hardwareFingerprint,
      deactivated_at: documentTime(freed.deactivatedAt),
      deactivations_left: freed.deactivationsLeft,
    };
  });
}
