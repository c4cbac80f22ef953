import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, LicenseMachine, LicenseMachineList, LicenseMachineParams } from 'shared-kit/contract';
import { notFound } from '../../lib/http-error';
import { requireManufacturerStaff, requireStaffSession } from '../../auth/permissions';
import { LICENSE_NOT_FOUND } from '../activation/activate-machine';
import { deactivateLicenseMachine } from '../activation/deactivate-machine';
import { mailFreedMachine } from '../../buyer-mails/machine-freed';
import { licenseForSigning } from '../queries/license-for-signing';
import { listLicenseMachines, type LicenseMachineRow } from '../queries/license-machines';
import type { RouteDependencies } from '../../lib/route-dependencies';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['licenses'];

const toMachine = (row: LicenseMachineRow) => ({
  ...row,
  first_activated_at: row.first_activated_at.toISOString(),
  last_activated_at: row.last_activated_at.toISOString(),
  deactivated_at: row.deactivated_at?.toISOString() ?? null,
});

/** Staff see a licence's machines and free one (a customer who lost a machine); not capped, audited. */
export const licenseMachineRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, config }) => {
  app.get(
    '/licenses/:id/machines',
    { schema: { tags, params: IdParams, response: { 200: LicenseMachineList, ...errors } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const license = await licenseForSigning(db, { id: request.params.id, manufacturerId }).executeTakeFirst();
      if (!license) throw notFound(LICENSE_NOT_FOUND);
      return (await listLicenseMachines(db, license.id)).map(toMachine);
    },
  );

  app.post(
    '/licenses/:id/machines/:machineId/deactivate',
    { schema: { tags, params: LicenseMachineParams, response: { 200: LicenseMachine, ...errors } } },
    async (request) => {
      const principal = requireStaffSession(request);
      const { id, machineId } = request.params;
      const { machine } = await deactivateLicenseMachine(db, {
        license: { id, manufacturerId: principal.manufacturerId },
        deactivator: { kind: 'staff', principal, machineId },
        alongside: (trx, freed) =>
          mailFreedMachine(trx, config.publicUrl, {
            manufacturerId: freed.license.manufacturer_id,
            licenseId: freed.license.id,
            machine: freed.machine,
            freedBy: 'staff',
          }),
      });
      return toMachine(machine);
    },
  );
};
