import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  LicenseFile,
  PortalOfflineActivationBody,
  PortalOfflineActivationParams,
  PortalOfflineActivationTooMany,
} from 'shared-kit/contract';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import type { Db } from '../../db/database';
import type { PortalLimits } from '../../config';
import { customerOf } from '../customer-authentication';
import { activateOffline } from '../offline-activation';
import { TOO_MANY_OFFLINE_ACTIVATIONS, offlineActivationRetryAfter } from '../offline-activation-limits';

/** Offline activation in the portal; registered inside the customer scope, so it takes a customer session only. */
export const portalOfflineRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  masterKey: Buffer;
  limits: PortalLimits;
}> = async (app, { db, masterKey, limits }) => {
  const productKeyOf = createProductKeyCache(masterKey);

  app.post(
    '/licenses/:licenseId/offline-activations',
    {
      schema: {
        tags: ['portal'],
        summary: 'Activates the machine of an uploaded offline request file and answers its signed license file (.ops)',
        params: PortalOfflineActivationParams,
        body: PortalOfflineActivationBody,
        response: { 200: LicenseFile, ...ErrorResponses, 429: PortalOfflineActivationTooMany },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const retryAfter = await offlineActivationRetryAfter(db, limits, request.ip, customer.sessionId);
      if (retryAfter !== null)
        return reply
          .status(429)
          .header('Retry-After', retryAfter)
          .send({ message: [TOO_MANY_OFFLINE_ACTIVATIONS(retryAfter)], retry_after: retryAfter });
      return activateOffline(db, productKeyOf, customer, request.ip, request.params.licenseId, request.body.request);
    },
  );
};
