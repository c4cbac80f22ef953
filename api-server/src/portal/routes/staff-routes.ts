import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponses,
  IdParams,
  PORTAL_RESERVED_SLUGS,
  PortalSettings,
  SendPortalSignInLinkResult,
  UpdatePortalSettingsBody,
} from 'shared-kit/contract';
import { conflict, HttpError, badRequest, notFound } from '../../lib/http-error';
import { requireManufacturerStaff } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { findEndUser } from '../../people/queries/end-users';
import { reachableManufacturer } from '../../webhooks/routes/webhook-endpoints';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findPortalSettings, portalUrl, slugTakenByAnother, updatePortalSettings, type PortalRow } from '../portals';
import { PORTAL_SIGN_IN_LINK_SENT_ACTION, sendSignInLinkByStaff } from '../sign-in';
import { signInCodeKey } from '../sign-in-codes';

export const SLUG_TAKEN = 'Another manufacturer already has that portal address. Please choose another.';
export const SLUG_RESERVED = 'That portal address is reserved. Please choose another.';
export const PORTAL_OFF_FOR_LINK =
  'The portal is switched off: switch it on in the portal settings before sending a sign-in link.';

const UNIQUE_VIOLATION = '23505';

/**
 * The staff side of the portal, in the staff scope: a manufacturer's portal settings (its own staff or the
 * superuser, like webhook endpoints) and sending an end user a sign-in mail (staff of the user's manufacturer).
 */
export const portalStaffRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (
  app,
  { db, masterKey, config },
) => {
  const tags = ['portal'];
  const codeKey = signInCodeKey(masterKey);
  const settingsOf = (row: PortalRow) => ({
    slug: row.portal_slug,
    enabled: row.portal_enabled,
    portal_url: portalUrl(config.publicUrl, row.portal_slug),
  });

  app.get(
    '/manufacturers/:id/portal-settings',
    {
      schema: {
        tags,
        summary: "The manufacturer's customer portal: its address and whether it is on",
        params: IdParams,
        response: { 200: PortalSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      await reachableManufacturer(db, request, request.params.id);
      const row = await findPortalSettings(db, request.params.id);
      if (!row) throw notFound('Manufacturer');
      return settingsOf(row);
    },
  );

  app.patch(
    '/manufacturers/:id/portal-settings',
    {
      schema: {
        tags,
        summary: 'Changes the portal address (slug) or switches the portal on or off',
        params: IdParams,
        body: UpdatePortalSettingsBody,
        response: { 200: PortalSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      const principal = await reachableManufacturer(db, request, manufacturerId);
      const { slug, enabled } = request.body;
      if (slug !== undefined && (PORTAL_RESERVED_SLUGS as readonly string[]).includes(slug))
        throw badRequest(SLUG_RESERVED);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('manufacturers')
            .select(['name', 'portal_slug', 'portal_enabled'])
            .where('id', '=', manufacturerId)
            .forUpdate()
            .executeTakeFirst();
          if (!before) throw notFound('Manufacturer');
          if (
            slug !== undefined &&
            slug !== before.portal_slug &&
            (await slugTakenByAnother(trx, manufacturerId, slug))
          )
            throw conflict(SLUG_TAKEN);
          const change = {
            ...(slug === undefined || slug === before.portal_slug ? {} : { portal_slug: slug }),
            ...(enabled === undefined || enabled === before.portal_enabled ? {} : { portal_enabled: enabled }),
          };
          // Saving what is already stored changes nothing: no write, no audit entry.
          if (Object.keys(change).length === 0) return { id: manufacturerId, ...before };
          const after = await updatePortalSettings(trx, manufacturerId, change);
          await recordAudit(trx, principal, {
            manufacturerId,
            action: 'manufacturer.portal_settings_update',
            entityType: 'manufacturer',
            entityId: manufacturerId,
            before: { portal_slug: before.portal_slug, portal_enabled: before.portal_enabled },
            after: { portal_slug: after.portal_slug, portal_enabled: after.portal_enabled },
          });
          return after;
        });
        return settingsOf(row);
      } catch (error) {
        // Two manufacturers claiming one free slug at once: the unique index decides, the loser hears why.
        if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) throw conflict(SLUG_TAKEN);
        throw error;
      }
    },
  );

  app.post(
    '/users/:id/portal-sign-in-link',
    {
      schema: {
        tags,
        summary: 'Mails the end user a sign-in code and link to the portal',
        params: IdParams,
        response: { 202: SendPortalSignInLinkResult, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const principal = requireManufacturerStaff(request);
      const user = await findEndUser(db, principal.manufacturerId, request.params.id);
      if (!user) throw notFound('User');
      const portal = await findPortalSettings(db, principal.manufacturerId);
      if (!portal) throw notFound('Manufacturer');
      if (!portal.portal_enabled) throw new HttpError(409, PORTAL_OFF_FOR_LINK);
      const issued = await sendSignInLinkByStaff(db, codeKey, config, portal, user, (trx) =>
        recordAudit(trx, principal, {
          manufacturerId: principal.manufacturerId,
          action: PORTAL_SIGN_IN_LINK_SENT_ACTION,
          entityType: 'end_user',
          entityId: user.id,
          after: { sent_to: user.email },
        }),
      );
      return reply.status(202).send({ sent_to: user.email, expires_at: issued.expiresAt.toISOString() });
    },
  );
};
