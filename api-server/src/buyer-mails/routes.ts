import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BuyerMailSwitches, ErrorResponses, IdParams, UpdateBuyerMailSwitchesBody } from 'shared-kit/contract';
import { notFound } from '../lib/http-error';
import { recordAudit } from '../audit/queries/audit-log';
import { reachableManufacturer } from '../webhooks/routes/webhook-endpoints';
import type { RouteDependencies } from '../lib/route-dependencies';
import { readBuyerMailSwitches, saveBuyerMailSwitches } from './queries/switches';

export const BUYER_MAILS_UPDATE_ACTION = 'buyer_mails.update';

/**
 * /manufacturers/:id/buyer-mails: which mails the manufacturer's buyers get (docs/email.md, "Mails to buyers");
 * its own staff or a superuser; staff of another manufacturer get 404.
 */
export const buyerMailRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  const tags = ['email'];

  app.get(
    '/manufacturers/:id/buyer-mails',
    {
      schema: {
        tags,
        summary: 'Which mails the buyers get: each on (the default) or switched off',
        params: IdParams,
        response: { 200: BuyerMailSwitches, ...ErrorResponses },
      },
    },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      const switches = await readBuyerMailSwitches(db, request.params.id);
      if (!switches) throw notFound('Manufacturer');
      return switches;
    },
  );

  app.put(
    '/manufacturers/:id/buyer-mails',
    {
      schema: {
        tags,
        summary: 'Switches buyer mails on or off; the mails left out stay as they are',
        params: IdParams,
        body: UpdateBuyerMailSwitchesBody,
        response: { 200: BuyerMailSwitches, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      return db.transaction().execute(async (trx) => {
        const before = (await readBuyerMailSwitches(trx, manufacturerId))!;
        await saveBuyerMailSwitches(trx, manufacturerId, request.body);
        const after = (await readBuyerMailSwitches(trx, manufacturerId))!;
        await recordAudit(trx, principal, {
          manufacturerId,
          action: BUYER_MAILS_UPDATE_ACTION,
          entityType: 'manufacturer',
          entityId: manufacturerId,
          before,
          after,
        });
        return after;
      });
    },
  );
};
