import { sql } from 'kysely';
import type { Db } from '../../db/database';

const MACHINE_COLUMNS = [
  'id',
  'name',
  'hardware_fingerprint',
  'first_activated_at',
  'last_activated_at',
  'deactivated_at',
  'deactivated_by',
] as const;

/** The query every read of a licence's machines starts from. */
const machinesOfLicense = (db: Db, licenseId: number) =>
  db.selectFrom('license_machines').select(MACHINE_COLUMNS).where('license_id', '=', licenseId);

/** The machines of a licence (migration 0006 records one per fingerprint on every activation), oldest first. */
export async function listLicenseMachines(db: Db, licenseId: number) {
  return machinesOfLicense(db, licenseId).orderBy('id').execute();
}

export async function findLicenseMachine(db: Db, licenseId: number, hardwareFingerprint: string) {
  return machinesOfLicense(db, licenseId).where('hardware_fingerprint', '=', hardwareFingerprint).executeTakeFirst();
}

/** The customer's own deactivations of the licence in the last `days` days. */
export async function countClientDeactivations(db: Db, licenseId: number, days: number): Promise<number> {
  const row = await db
    .selectFrom('license_machine_deactivations')
    .select(sql<string>`count(*)`.as('total'))
    .where('license_id', '=', licenseId)
    .where('deactivated_by', '=', 'client')
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Frees the machine's slot and records who did it; the caller holds the licence row locked. */
export async function deactivateMachine(
  db: Db,
  manufacturerId: number,
  licenseId: number,
  machineId: number,
  by: 'client' | 'staff',
) {
  const machine = await db
    .updateTable('license_machines')
    .set({ deactivated_at: sql<Date>`now()` as unknown as Date, deactivated_by: by })
    .where('id', '=', machineId)
    .where('deactivated_at', 'is', null)
    .returning(MACHINE_COLUMNS)
    .executeTakeFirst();
  if (machine) {
    await db
      .insertInto('license_machine_deactivations')
      .values({ manufacturer_id: manufacturerId, license_id: licenseId, machine_id: machineId, deactivated_by: by })
      .execute();
  }
  return machine;
}

export async function findMachineById(db: Db, licenseId: number, machineId: number) {
  return machinesOfLicense(db, licenseId).where('id', '=', machineId).executeTakeFirst();
}

export type LicenseMachineRow = Awaited<ReturnType<typeof listLicenseMachines>>[number];
