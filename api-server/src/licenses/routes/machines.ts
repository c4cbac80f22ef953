import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, LicenseMachine, LicenseMachineList, LicenseMachineParams } from 'shared-kit/contract';
import { conflict, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../repositories/audit-log';
import { deactivateMachine, findMachineById, listLicenseMachines, lockStaffLicense } from '../queries/license-machines';
import type { RouteDependencies } from '../../routes/route-dependencies';

export const MACHINE_ALREADY_DEACTIVATED = 'This machine is already deactivated.';
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['licenses'];

type MachineRow = Awaited<ReturnType<typeof listLicenseMachines>>[number];
const toMachine = (row: MachineRow) => ({
  ...row,
  first_activated_at: row.first_activated_at.toISOString(),
  last_activated_at: row.last_activated_at.toISOString(),
  deactivated_at: row.deactivated_at?.toISOString() ?? null,
});

/** Staff see a licence's machines and free one (a customer who lost a machine); not capped, audited. */
export const licenseMachineRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get('/licenses/:id/machines', { schema: { tags, params: IdParams, response: { 200: LicenseMachineList, ...errors } } }, async (request) => {
    const { manufacturerId } = requireManufacturerStaff(request);
    const license = await db.selectFrom('licenses').select('id').where('id', '=', request.params.id).where('manufacturer_id', '=', manufacturerId).executeTakeFirst();
    if (!license) throw notFound('License');
    return (await listLicenseMachines(db, license.id)).map(toMachine);
  });

  app.post('/licenses/:id/machines/:machineId/deactivate', { schema: { tags, params: LicenseMachineParams, response: { 200: LicenseMachine, ...errors } } }, async (request) => {
    const principal = requireManufacturerStaff(request);
    const { id: licenseId, machineId } = request.params;
    return db.transaction().execute(async (trx) => {
      if (!(await lockStaffLicense(trx, principal, licenseId))) throw notFound('License');
      const before = await findMachineById(trx, licenseId, machineId);
      if (!before) throw notFound('Machine');
      if (before.deactivated_at !== null) throw conflict(MACHINE_ALREADY_DEACTIVATED);
      const after = await deactivateMachine(trx, principal.manufacturerId, licenseId, machineId, 'staff');
      if (!after) throw conflict(MACHINE_ALREADY_DEACTIVATED);
      await recordAudit(trx, principal, {
        manufacturerId: principal.manufacturerId,
        action: 'license_machine.deactivate',
        entityType: 'license_machine',
        entityId: machineId,
        before,
        after: { ...after, license_id: licenseId },
      });
      return toMachine(after);
    });
  });
};
