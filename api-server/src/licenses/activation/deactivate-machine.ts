import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import type { CustomerActor } from '../../auth/actor';
import type { StaffPrincipal } from '../../auth/principal';
import { recordAudit } from '../../audit/queries/audit-log';
import { licenseForSigning, type LicenseForSigning, type LicenseKey } from '../queries/license-for-signing';
import {
  countClientDeactivations,
  deactivateMachine as markMachineDeactivated,
  findLicenseMachine,
  findMachineById,
  type LicenseMachineRow,
} from '../queries/license-machines';
import { LICENSE_NOT_FOUND } from './activate-machine';

/** Customers free at most this many machines per licence in DEACTIVATION_WINDOW_DAYS: no unlimited files by moving. */
export const CLIENT_DEACTIVATIONS_MAX = 3;
export const DEACTIVATION_WINDOW_DAYS = 30;
const inWordsUtc = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';

export const DEACTIVATION_CAP_REACHED_UNTIL = (nextPossibleAt: Date) =>
  `This license was already deactivated on ${CLIENT_DEACTIVATIONS_MAX} machines in the last ${DEACTIVATION_WINDOW_DAYS} days, the most allowed. The next deactivation is possible on ${inWordsUtc(nextPossibleAt)}; the manufacturer's support can free a machine now.`;
export const NOT_ACTIVATED_HERE = 'This license is not activated on this machine.';
export const MACHINE_ALREADY_DEACTIVATED = 'This machine is already deactivated.';
export const MACHINE_ALREADY_FREED = 'This machine was already freed.';

/** The cap's 409, knowing when the licence may free a machine again (each caller says it in its words and a field). */
export class DeactivationCapReached extends HttpError {
  constructor(readonly nextPossibleAt: Date) {
    super(409, DEACTIVATION_CAP_REACHED_UNTIL(nextPossibleAt));
  }
}

/**
 * Who frees the machine, and what follows from it:
 * - `staff` (a customer who lost a machine asked support): names the machine by id, not capped, audited as
 *   `license_machine.deactivate` by the staff user; a machine that is not there is a 404, one already free a 409;
 * - `client` (a plugin for its own machine): names the machine by its fingerprint, capped at CLIENT_DEACTIVATIONS_MAX
 *   in DEACTIVATION_WINDOW_DAYS, audited as `client.machine.deactivate` with the caller's address; a machine not
 *   holding a slot is a 409;
 * - `customer` (the licence's owner, signed in to the portal: the laptop is gone): names the machine by id, the same
 *   cap as the plugin (both count against it), audited as `client.machine.deactivate` on the licence (so the
 *   console's licence History shows it) with the customer as actor; another customer's licence is a 404.
 */
export type Deactivator =
  | { kind: 'staff'; principal: StaffPrincipal; machineId: number }
  | { kind: 'client'; address: string; hardwareFingerprint: string }
  | { kind: 'customer'; customer: CustomerActor; machineId: number };

export interface MachineDeactivation {
  license: LicenseKey;
  deactivator: Deactivator;
  /** What else the freeing writes, in its transaction (the buyer's "machine freed" mail). */
  alongside?: (trx: Db, freed: DeactivatedMachine) => Promise<void>;
}

export interface DeactivatedMachine {
  license: LicenseForSigning;
  /** The machine as it is now (deactivated). */
  machine: LicenseMachineRow & { deactivated_at: Date };
  /** The capped deactivations left in the window after this one (staff ones do not count). */
  deactivationsLeft: number;
}

/** When the licence may free a machine again: the oldest of the frees that fill the cap leaves the window. */
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

function findNamedMachine(db: Db, licenseId: number, deactivator: Deactivator) {
  return deactivator.kind === 'client'
    ? findLicenseMachine(db, licenseId, deactivator.hardwareFingerprint)
    : findMachineById(db, licenseId, deactivator.machineId);
}

function auditEntry(
  license: LicenseForSigning,
  before: LicenseMachineRow,
  after: LicenseMachineRow,
  deactivator: Deactivator,
) {
  const base = { manufacturerId: license.manufacturer_id, before };
  switch (deactivator.kind) {
    case 'staff':
      return {
        ...base,
        action: 'license_machine.deactivate',
        entityType: 'license_machine',
        entityId: before.id,
        after: { ...after, license_id: license.id },
      };
    case 'client':
      return {
        ...base,
        action: 'client.machine.deactivate',
        entityType: 'license_machine',
        entityId: before.id,
        after: {
          actor: 'client',
          address: deactivator.address,
          license_id: license.id,
          machine_name: before.name,
          deactivated_at: after.deactivated_at,
        },
      };
    case 'customer':
      return {
        ...base,
        action: 'client.machine.deactivate',
        entityType: 'license',
        entityId: license.id,
        after: {
          actor: 'customer',
          license_id: license.id,
          machine_id: before.id,
          machine_name: before.name,
          hardware_fingerprint: before.hardware_fingerprint,
          deactivated_at: after.deactivated_at,
        },
      };
  }
}

const actorOf = (deactivator: Deactivator) =>
  deactivator.kind === 'staff' ? deactivator.principal : deactivator.kind === 'customer' ? deactivator.customer : null;

/** Frees a machine's slot on a licence and audits it, in one transaction that holds the licence locked. */
export async function deactivateLicenseMachine(
  db: Db,
  { license: key, deactivator, alongside }: MachineDeactivation,
): Promise<DeactivatedMachine> {
  const capped = deactivator.kind !== 'staff';
  const alreadyFree = {
    staff: MACHINE_ALREADY_DEACTIVATED,
    client: NOT_ACTIVATED_HERE,
    customer: MACHINE_ALREADY_FREED,
  }[deactivator.kind];
  return db.transaction().execute(async (trx) => {
    const license = await licenseForSigning(trx, key, { lock: true }).executeTakeFirst();
    if (!license || (deactivator.kind === 'customer' && license.user_id !== deactivator.customer.endUserId))
      throw notFound(LICENSE_NOT_FOUND);
    const before = await findNamedMachine(trx, license.id, deactivator);
    if (!before && deactivator.kind !== 'client') throw notFound('Machine');
    if (!before || before.deactivated_at !== null) throw conflict(alreadyFree);
    const used = capped ? await countClientDeactivations(trx, license.id, DEACTIVATION_WINDOW_DAYS) : 0;
    if (capped && used >= CLIENT_DEACTIVATIONS_MAX)
      throw new DeactivationCapReached(await nextDeactivationPossibleAt(trx, license.id));
    const after = await markMachineDeactivated(
      trx,
      license.manufacturer_id,
      license.id,
      before.id,
      capped ? 'client' : 'staff',
    );
    if (!after?.deactivated_at) throw conflict(alreadyFree);
    await recordAudit(trx, actorOf(deactivator), auditEntry(license, before, after, deactivator));
    const freed = {
      license,
      machine: { ...after, deactivated_at: after.deactivated_at },
      deactivationsLeft: CLIENT_DEACTIVATIONS_MAX - used - 1,
    };
    await alongside?.(trx, freed);
    return freed;
  });
}
