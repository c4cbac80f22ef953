import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BrowserActivationPending,
  BrowserActivationPollBody,
  BrowserActivationStartBody,
  BrowserActivationStarted,
  ErrorResponse,
  AnyLicenseFile,
} from 'shared-kit/contract';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { guardClientCall, machineSubject } from '../../clients/routes/client-guard';
import { pollBrowserActivation } from '../poll';
import { startBrowserActivation } from '../start';

const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
/** Plugins call these without a session, like activation: the device code is the poll's proof. */
const PUBLIC = { public: true } as const;
const tags = ['client API'];

/** Activation through the browser, the plugin's side (docs/client-api.md): start a request, poll it. */
export const browserActivationClientRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (
  app,
  { db, config },
) => {
  app.post(
    '/clients/app/browser-activations',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Starts an activation in the browser: a code for the customer and the portal page to approve it on',
        body: BrowserActivationStartBody,
        response: { 201: BrowserActivationStarted, ...errors },
      },
    },
    async (request, reply) => {
      const count = () =>
        guardClientCall(db, request, reply, [
          machineSubject(request.body.product_id, request.body.hardware_fingerprint),
        ]);
      return reply.code(201).send(await startBrowserActivation(db, config.publicUrl, request.body, count));
    },
  );

  app.post(
    '/clients/app/browser-activations/poll',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Polls a request: the signed licence file once approved, else why not yet (RFC 8628 errors)',
        body: BrowserActivationPollBody,
        // 400: why not yet (RFC 8628's error), or a bad body in the API's one error shape.
        response: { 200: AnyLicenseFile, ...errors, 400: Type.Union([BrowserActivationPending, ErrorResponse]) },
      },
    },
    async (request, reply) => {
      await guardClientCall(db, request, reply, [
        machineSubject(request.body.product_id, request.body.hardware_fingerprint),
      ]);
      const answer = await pollBrowserActivation(db, request.body);
      if ('pending' in answer) return reply.code(400).send(answer.pending);
      return answer.file;
    },
  );
};
