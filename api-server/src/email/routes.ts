import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Email,
  EmailList,
  EmailListQuery,
  EmailParams,
  EmailSummary,
  ErrorResponses,
  IdParams,
  MailSettings,
  SendTestEmailBody,
  TEST_EMAIL_KIND,
  UpdateMailSettingsBody,
} from 'shared-kit/contract';
import { TooManyRequests, badRequest, notFound } from '../lib/http-error';
import { pageRequest, pagination } from '../lib/paging';
import { recordAudit } from '../audit/queries/audit-log';
import { reachableManufacturer } from '../webhooks/routes/webhook-endpoints';
import type { RouteDependencies } from '../lib/route-dependencies';
import { findEmail, findEmailSummary, listEmails, recentTestEmails } from './email-log';
import { checkMailAddress } from './mail-address';
import { checkedMailSettings, readMailSettings, saveMailSettings } from './mail-settings';
import { sendTemplatedEmail } from './send-templated-email';
import { testEmail } from './templates/test-email';

/** "Send test email" reaches any address: this many an hour per manufacturer. */
export const TEST_EMAILS_PER_HOUR = 10;

/**
 * /manufacturers/:id/emails (the Emails log, "Send test email") and /manufacturers/:id/mail-settings: the
 * manufacturer's own staff or a superuser; staff of another manufacturer get 404.
 */
export const emailRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db }) => {
  const tags = ['email'];

  app.get(
    '/manufacturers/:id/emails',
    {
      schema: {
        tags,
        summary: 'The Emails log: mails written for the manufacturer, newest first, paged',
        params: IdParams,
        querystring: EmailListQuery,
        response: { 200: EmailList, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      await reachableManufacturer(db, request, manufacturerId);
      const { page: _page, per_page: _perPage, ...filter } = request.query;
      const page = pageRequest(request.query);
      const { rows, total } = await listEmails(db, manufacturerId, filter, page);
      return { data: rows, pagination: pagination(total, page) };
    },
  );

  app.get(
    '/manufacturers/:id/emails/:emailId',
    {
      schema: {
        tags,
        summary: 'One mail with its HTML and plain text',
        params: EmailParams,
        response: { 200: Email, ...ErrorResponses },
      },
    },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      const email = await findEmail(db, request.params.id, request.params.emailId);
      if (!email) throw notFound('Email');
      return email;
    },
  );

  app.post(
    '/manufacturers/:id/emails/test',
    {
      schema: {
        tags,
        summary:
          "Sends a test mail with the manufacturer's mail settings to the signed-in staff member, or to the address given",
        params: IdParams,
        body: SendTestEmailBody,
        response: { 202: EmailSummary, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const manufacturerId = request.params.id;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      const to = request.body.to ?? principal.email;
      const checked = checkMailAddress(to);
      if (!checked.ok) throw badRequest(`To: '${to}' ${checked.reason}.`);
      const recent = await recentTestEmails(db, manufacturerId, TEST_EMAIL_KIND);
      if (recent.count >= TEST_EMAILS_PER_HOUR) {
        throw new TooManyRequests(
          `At most ${TEST_EMAILS_PER_HOUR} test emails an hour. Please try again later.`,
          recent.secondsUntilOneLeaves,
        );
      }
      const settings = (await readMailSettings(db, manufacturerId))!;
      const { id } = await sendTemplatedEmail(
        db,
        testEmail(manufacturerId, checked.address, settings.default_sender_name),
      );
      reply.code(202);
      return (await findEmailSummary(db, manufacturerId, id))!;
    },
  );

  app.get(
    '/manufacturers/:id/mail-settings',
    {
      schema: {
        tags,
        summary: "The manufacturer's mail settings and the defaults they fall back to",
        params: IdParams,
        response: { 200: MailSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      const settings = await readMailSettings(db, request.params.id);
      if (!settings) throw notFound('Manufacturer');
      return settings;
    },
  );

  app.put(
    '/manufacturers/:id/mail-settings',
    {
      schema: {
        tags,
        summary: 'Sets sender name, reply-to, logo URL and brand colour (null: the default)',
        params: IdParams,
        body: UpdateMailSettingsBody,
        response: { 200: MailSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      const changes = checkedMailSettings(request.body);
      return db.transaction().execute(async (trx) => {
        const before = (await readMailSettings(trx, manufacturerId))!;
        await saveMailSettings(trx, manufacturerId, changes);
        const after = (await readMailSettings(trx, manufacturerId))!;
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'mail_settings.update',
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
