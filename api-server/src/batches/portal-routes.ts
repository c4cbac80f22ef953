import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, PortalRedeemBody, PortalRedeemed, PortalRedeemTooMany } from 'shared-kit/contract';
import type { Db } from '../db/database';
import { customerOf } from '../portal/customer-authentication';
import { redeemSerial } from './redeem';
import { TOO_MANY_REDEEM_TRIES } from './batch-words';
import { redeemRateLimits, type RedeemLimits } from './redeem-limits';

/** "Redeem a serial" in the portal; registered inside the customer scope, so it takes a customer session only. */
export const portalRedeemRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  limits: RedeemLimits;
  publicUrl: string;
}> = async (app, { db, limits, publicUrl }) => {
  app.post(
    '/redeem',
    {
      schema: {
        tags: ['portal'],
        summary: "Redeems a reseller's serial: it becomes the customer's licence",
        body: PortalRedeemBody,
        response: { 201: PortalRedeemed, ...ErrorResponses, 429: PortalRedeemTooMany },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const rateLimits = redeemRateLimits(limits, request.ip, customer.endUserId);
      const outcome = await redeemSerial(db, customer, request.body.serial, publicUrl, rateLimits);
      if ('retryAfter' in outcome)
        return reply
          .status(429)
          .header('Retry-After', outcome.retryAfter)
          .send({ message: [TOO_MANY_REDEEM_TRIES(outcome.retryAfter)], retry_after: outcome.retryAfter });
      return reply.status(201).send(outcome.redeemed);
    },
  );
};
