import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, LicenseLease, LicenseLeaseList, LicenseLeaseParams } from 'shared-kit/contract';
import { notFound } from '../../lib/http-error';
import { requireManufacturerStaff, requireStaffSession } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { LICENSE_NOT_FOUND } from '../../clients/client-values';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { LEASE_NOT_FOUND } from '../lease-rules';
import { findStaffLicenseSeats } from '../queries/staff-leases';
import { deleteLease, listLiveLeases, type LeaseRow } from '../queries/leases';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['licenses'];

const toLease = (row: LeaseRow): LicenseLease => ({
  id: row.id,
  name: row.machine_name,
  hardware_fingerprint: row.hardware_fingerprint,
  borrowed: row.borrowed,
  checked_out_at: row.checked_out_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
});

/** Staff see the seats in use on a licence and release one (a machine that crashed holding it); audited. */
export const floatingStaffRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  app.get(
    '/licenses/:id/leases',
    { schema: { tags, params: IdParams, response: { 200: LicenseLeaseList, ...errors } } },
    async (request) => {
      const { manufacturerId } = requireManufacturerStaff(request);
      const license = await findStaffLicenseSeats(db, manufacturerId, request.params.id);
      if (!license) throw notFound(LICENSE_NOT_FOUND);
      const leases = license.seats === null ? [] : await listLiveLeases(db, license.id, new Date());
      return { seats: license.seats, leases: leases.map(toLease) };
    },
  );

  app.post(
    '/licenses/:id/leases/:leaseId/release',
    { schema: { tags, params: LicenseLeaseParams, response: { 200: LicenseLease, ...errors } } },
    async (request) => {
      const principal = requireStaffSession(request);
      const { id, leaseId } = request.params;
      return db.transaction().execute(async (trx) => {
        const license = await findStaffLicenseSeats(trx, principal.manufacturerId, id);
        if (!license) throw notFound(LICENSE_NOT_FOUND);
        const lease = await deleteLease(trx, license.id, leaseId.toLowerCase());
        if (!lease) throw notFound(LEASE_NOT_FOUND);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license_lease.release',
          entityType: 'license',
          entityId: license.id,
          before: {
            lease_id: lease.id,
            hardware_fingerprint: lease.hardware_fingerprint,
            machine_name: lease.machine_name,
            borrowed: lease.borrowed,
            expires_at: lease.expires_at.toISOString(),
          },
        });
        return toLease(lease);
      });
    },
  );
};
