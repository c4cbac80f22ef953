import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  LicenseFile,
  PortalOfflineActivationBody,
  PortalOfflineActivationParams,
} from 'shared-kit/contract';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import type { Db } from '../../db/database';
import { customerOf } from '../customer-authentication';
import { activateOffline } from '../offline-activation';

/** Offline activation in the portal; registered inside the customer scope, so it takes a customer session only. */
export const portalOfflineRoutes: FastifyPluginAsyncTypebox<{ db: Db; masterKey: Buffer }> = async (
  app,
  { db, masterKey },
) => {
  const productKeyOf = createProductKeyCache(masterKey);

  app.post(
    '/licenses/:licenseId/offline-activations',
    {
      schema: {
        tags: ['portal'],
        summary: 'Activates the machine of an uploaded offline request file and answers its signed license file (.ops)',
        params: PortalOfflineActivationParams,
        body: PortalOfflineActivationBody,
        response: { 200: LicenseFile, ...ErrorResponses },
      },
    },
    async (request) =>
      activateOffline(
        db,
        productKeyOf,
        customerOf(request),
        request.ip,
        request.params.licenseId,
        request.body.request,
      ),
  );
};
