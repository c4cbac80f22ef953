import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorResponses,
  PortalBrowserActivation,
  PortalBrowserActivationApproveBody,
  PortalBrowserActivationDecided,
  PortalBrowserActivationParams,
  PortalBrowserActivationTooMany,
} from 'shared-kit/contract';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import type { Db } from '../../db/database';
import { customerOf } from '../../portal/customer-authentication';
import { waitWords } from '../../portal/sign-in-words';
import { approveRequest, denyRequest, lookUpRequest } from '../portal-decisions';
import { codeTryRetryAfter, type CodeTryLimits } from '../portal-limits';
import { TOO_MANY_LOOKUPS } from '../words';

const tags = ['portal'];
const TooMany = { 429: PortalBrowserActivationTooMany };

/** Activation through the browser, the customer's side; registered inside the portal's customer scope. */
export const portalBrowserActivationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  masterKey: Buffer;
  limits: CodeTryLimits;
}> = async (app, { db, masterKey, limits }) => {
  const productKeyOf = createProductKeyCache(masterKey);

  /** Every use of a code counts against the session's and the address's tries; true when it was refused (429 sent). */
  const refusedTooMany = async (request: FastifyRequest, reply: FastifyReply) => {
    const retryAfter = await codeTryRetryAfter(db, limits, request.ip, customerOf(request).sessionId);
    if (retryAfter === null) return false;
    await reply
      .status(429)
      .header('Retry-After', retryAfter)
      .send({ message: [TOO_MANY_LOOKUPS(waitWords(retryAfter))], retry_after: retryAfter });
    return true;
  };

  app.get(
    '/browser-activations/:userCode',
    {
      schema: {
        tags,
        summary:
          "A plugin's activation request by its code: the product, the machine and the licences that can take it",
        params: PortalBrowserActivationParams,
        response: { 200: PortalBrowserActivation, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) => {
      if (await refusedTooMany(request, reply)) return reply;
      return lookUpRequest(db, customerOf(request), request.params.userCode);
    },
  );

  app.post(
    '/browser-activations/:userCode/approve',
    {
      schema: {
        tags,
        summary:
          "Approves the request with one of the customer's licences: the machine is activated, the plugin gets its file",
        params: PortalBrowserActivationParams,
        body: PortalBrowserActivationApproveBody,
        response: { 200: PortalBrowserActivationDecided, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) => {
      if (await refusedTooMany(request, reply)) return reply;
      const customer = customerOf(request);
      return approveRequest(db, productKeyOf, customer, request.ip, request.params.userCode, request.body.license_id);
    },
  );

  app.post(
    '/browser-activations/:userCode/deny',
    {
      schema: {
        tags,
        summary: 'Refuses the request: the plugin is told the customer refused',
        params: PortalBrowserActivationParams,
        response: { 200: PortalBrowserActivationDecided, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) => {
      if (await refusedTooMany(request, reply)) return reply;
      return denyRequest(db, customerOf(request), request.params.userCode);
    },
  );
};
