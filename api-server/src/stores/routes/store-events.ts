import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, StoreEventAnswer, StoreEventParams, type StoreName } from 'shared-kit/contract';
import { badRequest } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { BODY_NOT_UTF8, strictUtf8Text } from '../../plugins/utf8-bodies';
import { receiveStoreEvent } from '../receive-store-event';

const SIGNATURE_HEADERS: Record<StoreName, string> = { stripe: 'stripe-signature', paddle: 'paddle-signature' };

export const STORE_BODY_REQUIRED = 'Send the event as the store signed it: a JSON body.';

/**
 * The stores' webhook deliveries: public (the store signs them; no session), one URL per store and manufacturer.
 * A signature covers the body's exact bytes, so this scope reads JSON bodies as text and the stores' SDKs parse them
 * after verifying; every other route keeps the parsed JSON.
 */
export const storeEventRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (
  app,
  { db, masterKey, config },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = strictUtf8Text(body as Buffer);
    done(text === undefined ? badRequest(BODY_NOT_UTF8) : null, text);
  });

  for (const store of ['stripe', 'paddle'] as const) {
    app.post(
      `/stores/${store}/:manufacturer/events`,
      {
        config: { public: true },
        schema: {
          tags: ['stores'],
          summary: `Receives a ${store === 'stripe' ? 'Stripe' : 'Paddle'} webhook event, verified with the store's SDK`,
          params: StoreEventParams,
          // The document shows the body as the bytes the store signed (plugins/openapi-document.ts).
          consumes: ['application/json'],
          response: { 200: StoreEventAnswer, 202: StoreEventAnswer, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const rawBody: unknown = request.body;
        if (typeof rawBody !== 'string' || rawBody.length === 0) throw badRequest(STORE_BODY_REQUIRED);
        const header = request.headers[SIGNATURE_HEADERS[store]];
        const { status, answer } = await receiveStoreEvent(db, masterKey, config.publicUrl, {
          store,
          manufacturerRef: request.params.manufacturer,
          rawBody,
          signature: typeof header === 'string' ? header : undefined,
        });
        return reply.status(status).send(answer);
      },
    );
  }
};
