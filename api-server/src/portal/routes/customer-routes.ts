import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ErrorResponse,
  ErrorResponses,
  PortalCodeRequestBody,
  PortalCodeRequestResult,
  PortalDescriptor,
  PortalLicenseList,
  PortalLicenseListQuery,
  PortalDeactivationCapReached,
  PortalDownloadList,
  PortalEmailChangeBody,
  PortalEmailChangeConfirmBody,
  PortalEmailChangeRequested,
  PortalMachineFreed,
  PortalMachineParams,
  PortalMe,
  PortalSession,
  PortalSignInBody,
  PortalSlugParams,
  PortalTrialList,
  PortalTrialListQuery,
  isEmail,
  PORTAL_SIGN_IN_CODE_TTL_MINUTES,
} from 'shared-kit/contract';
import type { BackgroundWork } from '../../lib/background-work';
import { HttpError } from '../../lib/http-error';
import { pageRequest, pagination } from '../../lib/paging';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { customerOf, registerCustomerAuthentication } from '../customer-authentication';
import { revokeCustomerSession } from '../customer-sessions';
import { DeactivationCapReached } from '../../licenses/activation/deactivate-machine';
import { downloadUrlKey } from '../../clients/download-url';
import { confirmEmailChange, emailChangeCodeKey, requestEmailChange } from '../email-change';
import { freeMyMachine } from '../free-machine';
import { listMyDownloads } from '../my-downloads';
import { DEACTIVATION_CAP_REACHED_UNTIL } from '../portal-words';
import { listMyLicenses } from '../my-licenses';
import { listMyTrials } from '../my-trials';
import { findPortalDescriptor, findPortalBySlug } from '../portals';
import { credentialsOf, issueCodeOnRequest, signIn } from '../sign-in';
import { signInCodeKey } from '../sign-in-codes';
import { codeRequestRetryAfter, signInRetryAfter } from '../sign-in-limits';
import * as words from '../sign-in-words';
import { portalOfflineRoutes } from './offline-routes';
import { portalBrowserActivationRoutes } from '../../browser-activation/routes/portal-routes';
import { rawPage, sendRawJson } from '../../lib/raw-json';
import { portalRedeemRoutes } from '../../batches/portal-routes';

const tags = ['portal'];
const TooMany = { 429: ErrorResponse };

/**
 * The customer portal's API, `/api/v1/portal/...`: its own scope with its own authentication (customer sessions,
 * `Authorization: PortalSession <token>`), outside the staff scope. The public routes name the portal by its slug;
 * the customer routes take the manufacturer and the end user from the session alone.
 */
export const portalRoutes: FastifyPluginAsyncTypebox<RouteDependencies & { backgroundWork: BackgroundWork }> = async (
  app,
  { db, masterKey, config, backgroundWork },
) => {
  registerCustomerAuthentication(app, db, config.sessionIdleMinutes);
  const codeKey = signInCodeKey(masterKey);

  /** The portal of a slug that may be signed in to: 404 for no such portal, 403 when it is switched off. */
  const openPortal = async (slug: string) => {
    const portal = await findPortalBySlug(db, slug);
    if (!portal) throw new HttpError(404, words.PORTAL_NOT_FOUND);
    if (!portal.portal_enabled) throw new HttpError(403, words.PORTAL_SWITCHED_OFF);
    return portal;
  };

  app.get(
    '/:slug',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What the portal page shows before sign-in',
        params: PortalSlugParams,
        response: { 200: PortalDescriptor, ...ErrorResponses },
      },
    },
    async (request) => {
      const descriptor = await findPortalDescriptor(db, request.params.slug);
      if (!descriptor) throw new HttpError(404, words.PORTAL_NOT_FOUND);
      return descriptor;
    },
  );

  app.post(
    '/:slug/sign-in/code',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mails a sign-in code and link; the same answer whether or not the address is a customer',
        params: PortalSlugParams,
        body: PortalCodeRequestBody,
        response: { 202: PortalCodeRequestResult, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) => {
      const portal = await openPortal(request.params.slug);
      const email = request.body.email.trim();
      if (!isEmail(email)) throw new HttpError(400, words.EMAIL_NOT_VALID);
      const retryAfter = await codeRequestRetryAfter(db, config.portal, request.ip, portal.id, email);
      if (retryAfter !== null)
        return reply
          .status(429)
          .header('Retry-After', retryAfter)
          .send({ message: [words.TOO_MANY_CODE_REQUESTS(retryAfter)] });
      // Issued after the answer, so that neither the answer nor its timing tells a customer's address from another.
      backgroundWork.run(request.log, 'portal: issuing a sign-in code', () =>
        issueCodeOnRequest(db, codeKey, config, portal, email),
      );
      return reply
        .status(202)
        .send({ notice: words.CODE_SENT, expires_in_seconds: PORTAL_SIGN_IN_CODE_TTL_MINUTES * 60 });
    },
  );

  app.post(
    '/:slug/sign-in',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Signs in with the emailed code (and the address) or the magic link token',
        params: PortalSlugParams,
        body: PortalSignInBody,
        response: { 200: PortalSession, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) => {
      const portal = await openPortal(request.params.slug);
      const credentials = credentialsOf(request.body);
      const retryAfter = await signInRetryAfter(db, config.portal, request.ip);
      if (retryAfter !== null)
        return reply
          .status(429)
          .header('Retry-After', retryAfter)
          .send({ message: [words.TOO_MANY_SIGN_IN_TRIES(retryAfter)] });
      return signIn(db, codeKey, config.sessionIdleMinutes, portal, credentials);
    },
  );

  app.post(
    '/sign-out',
    { schema: { tags, summary: 'Ends the customer session', response: { 204: Type.Null(), ...ErrorResponses } } },
    async (request, reply) => {
      await revokeCustomerSession(db, customerOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'The signed-in customer', response: { 200: PortalMe, ...ErrorResponses } } },
    async (request) => {
      const customer = customerOf(request);
      return {
        id: customer.endUserId,
        email: customer.email,
        manufacturer: { id: customer.manufacturerId, name: customer.manufacturerName, slug: customer.slug },
      };
    },
  );

  app.get(
    '/licenses',
    {
      schema: {
        tags,
        summary: "The customer's licences with their machines, newest first",
        querystring: PortalLicenseListQuery,
        response: { 200: PortalLicenseList, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { rowsJson, total } = await listMyLicenses(db, customerOf(request), page);
      return sendRawJson(reply, rawPage(rowsJson, pagination(total, page)));
    },
  );

  app.get(
    '/trials',
    {
      schema: {
        tags,
        summary: "The trials on the customer's machines, newest first",
        querystring: PortalTrialListQuery,
        response: { 200: PortalTrialList, ...ErrorResponses },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await listMyTrials(db, customerOf(request), page);
      return { data: rows, pagination: pagination(total, page) };
    },
  );

  await app.register(portalOfflineRoutes, { db, masterKey, limits: config.portal });
  await app.register(portalBrowserActivationRoutes, { db, masterKey, limits: config.browserActivationCodeTries });
  await app.register(portalRedeemRoutes, { db, limits: config.serialRedeemTries, publicUrl: config.publicUrl });
  // What a customer does: free a machine, downloads.
  const downloadKey = downloadUrlKey(masterKey);

  app.post(
    '/licenses/:licenseId/machines/:machineId/deactivate',
    {
      schema: {
        tags,
        summary:
          "Frees one of the customer's machines: the client API's rule and cap; 409 at the cap says when the next is possible",
        params: PortalMachineParams,
        response: {
          200: PortalMachineFreed,
          ...ErrorResponses,
          409: Type.Union([PortalDeactivationCapReached, ErrorResponse]),
        },
      },
    },
    async (request, reply) => {
      try {
        return await freeMyMachine(
          db,
          customerOf(request),
          request.params.licenseId,
          request.params.machineId,
          config.publicUrl,
        );
      } catch (error) {
        if (!(error instanceof DeactivationCapReached)) throw error;
        return reply.status(409).send({
          message: [DEACTIVATION_CAP_REACHED_UNTIL(error.nextPossibleAt)],
          next_possible_at: error.nextPossibleAt.toISOString(),
        });
      }
    },
  );

  app.get(
    '/downloads',
    {
      schema: {
        tags,
        summary: 'The installers the customer may download, by OS, newest first, with signed links',
        response: { 200: PortalDownloadList, ...ErrorResponses },
      },
    },
    async (request) => ({ data: await listMyDownloads(db, customerOf(request), downloadKey) }),
  );

  // Change my email: a code to the new address confirms it; the old address is told.
  const emailChangeKey = emailChangeCodeKey(masterKey);

  app.post(
    '/email-change',
    {
      schema: {
        tags,
        summary: 'Mails a code to the new address; a clash with another customer is a 409',
        body: PortalEmailChangeBody,
        response: { 202: PortalEmailChangeRequested, ...ErrorResponses, ...TooMany },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestEmailChange(db, emailChangeKey, customerOf(request), request.body.new_email)),
  );

  app.post(
    '/email-change/confirm',
    {
      schema: {
        tags,
        summary:
          "Confirms the newest change with the code from the new address: the customer's email changes, the old address is told",
        body: PortalEmailChangeConfirmBody,
        response: { 200: PortalMe, ...ErrorResponses },
      },
    },
    async (request) => confirmEmailChange(db, emailChangeKey, customerOf(request), request.body.code),
  );
};
