import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivateLicenseBody,
  BulkUpdateLicensesBody,
  BulkUpdateLicensesResult,
  ErrorResponses,
  IdParams,
  License,
  LicenseFile,
  UpdateLicenseBody,
} from 'shared-kit/contract';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error';
import { requireManufacturerStaff, requireStaffSession } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import {
  findLicense,
  findLicenseJson,
  findLicensesJson,
  lockLicenseIds,
  lockLicenses,
  transferLicense,
} from '../queries/licenses';
import { changeLicenseStates } from '../queries/license-state-changes';
import { sendRawJson } from '../../lib/raw-json';
import { findEndUser } from '../../people/queries/end-users';
import { LICENSE_NOT_FOUND, activateMachine } from '../activation/activate-machine';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import { hardwareFingerprintOf, licenseChangeOf, licenseStateOf } from '../license-rules';

export const TRANSFER_TO_OWNER = 'The license already belongs to this user: choose another user to transfer it to.';
export const TRANSFER_EMAIL_MISMATCH = 'The email does not belong to the chosen user.';
export const licensesNotFound = (ids: number[]) =>
  new HttpError(404, `${ids.length === 1 ? 'License' : 'Licenses'} not found: ${ids.join(', ')}`);

export const licenseRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey }) => {
  const productKeyOf = createProductKeyCache(masterKey);

  app.patch(
    '/licenses/bulk-update',
    {
      schema: {
        tags: ['licenses'],
        body: BulkUpdateLicensesBody,
        response: { 200: BulkUpdateLicensesResult, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      const state = licenseStateOf(request.body.disabled, request.body.disabled_reason);
      const ids = [...new Set(request.body.license_ids)];
      await db.transaction().execute(async (trx) => {
        const locked = await lockLicenseIds(trx, principal.manufacturerId, ids);
        if (locked.length !== ids.length) {
          const found = new Set(locked);
          throw licensesNotFound(ids.filter((id) => !found.has(id)));
        }
        await changeLicenseStates(trx, principal, principal.manufacturerId, ids, state);
      });
      return sendRawJson(reply, `{"data":${await findLicensesJson(db, principal.manufacturerId, ids)}}`);
    },
  );

  app.get(
    '/licenses/:id',
    { schema: { tags: ['licenses'], params: IdParams, response: { 200: License, ...ErrorResponses } } },
    async (request, reply) => {
      const license = await findLicenseJson(db, requireManufacturerStaff(request).manufacturerId, request.params.id);
      if (!license) throw notFound(LICENSE_NOT_FOUND);
      return sendRawJson(reply, license);
    },
  );

  app.patch(
    '/licenses/:id',
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        body: UpdateLicenseBody,
        response: { 200: License, ...ErrorResponses },
      },
    },
    async (request) => {
      const principal = requireStaffSession(request);
      const change = licenseChangeOf(request.body);
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const [license] = await lockLicenses(trx, principal.manufacturerId, [id]);
        if (!license) throw notFound(LICENSE_NOT_FOUND);
        if (change.kind === 'state')
          return changeLicenseStates(trx, principal, principal.manufacturerId, [id], change.state);

        const target = await findEndUser(trx, principal.manufacturerId, change.userId);
        if (!target) throw notFound('User');
        if (change.email !== undefined && change.email.toLowerCase() !== target.email.toLowerCase())
          throw badRequest(TRANSFER_EMAIL_MISMATCH);
        if (target.id === license.user_id) throw conflict(TRANSFER_TO_OWNER);
        const owner = await findEndUser(trx, principal.manufacturerId, license.user_id);
        const { after, transfer } = await transferLicense(trx, license, target.id);
        await recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: 'license.transfer',
          entityType: 'license',
          entityId: id,
          before: { ...license, user_email: owner?.email ?? null },
          after: { ...after, user_email: target.email, transfer_id: transfer.id },
        });
      });
      return (await findLicense(db, principal.manufacturerId, id))!;
    },
  );

  app.post(
    '/licenses/:id/activations',
    {
      schema: {
        tags: ['licenses'],
        params: IdParams,
        body: ActivateLicenseBody,
        response: { 201: LicenseFile, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireStaffSession(request);
      const hardwareFingerprint = hardwareFingerprintOf(request.body.hardware_fingerprint);
      const file = await activateMachine(db, productKeyOf, {
        license: { id: request.params.id, manufacturerId: principal.manufacturerId },
        hardwareFingerprint,
        body: request.body,
        activator: { kind: 'staff', principal },
      });
      reply.code(201);
      return file;
    },
  );
};
