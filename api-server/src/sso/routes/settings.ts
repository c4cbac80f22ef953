import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorResponses, SaveSsoSettingsBody, SsoIdParams, SsoSettings } from 'shared-kit/contract';
import type { Db } from '../../db/database';
import { requireOwner } from '../../auth/permissions';
import { recordAudit } from '../../audit/queries/audit-log';
import { encrypt } from '../../crypto/product-keys';
import { badRequest, notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findSsoManufacturer } from '../queries/manufacturer';
import { findSsoSettings, saveSsoSettings } from '../queries/settings';
import { toSsoSettings } from '../settings-shape';
import { isLoopbackHttp } from '../provider';
import { IssuerRefused, resolveIssuerHost } from '../issuer-guard';

export const SSO_SETTINGS_UPDATE_ACTION = 'sso.settings_update';
export const ISSUER_NOT_HTTPS = 'issuer: must be an https:// address (http:// only for a provider on this machine).';
export const GROUP_LISTED_TWICE = (group: string) => `group_roles: the group "${group}" is listed twice.`;

/** An owner of the manufacturer or the Super User; another tenant's staff answer 404 like a missing manufacturer. */
async function ssoManager(db: Db, request: FastifyRequest, manufacturerId: number) {
  const principal = requireOwner(request);
  const manufacturer = await findSsoManufacturer(db, manufacturerId);
  if (!manufacturer || (principal.accessLevel !== 'superuser' && principal.manufacturerId !== manufacturerId))
    throw notFound('Manufacturer');
  return { principal, manufacturer };
}

/** The issuer as kept: https (http on this machine only), no credentials, its host on a public address. */
async function checkIssuer(issuer: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw badRequest(ISSUER_NOT_HTTPS);
  }
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) throw badRequest(ISSUER_NOT_HTTPS);
  if (url.username || url.password || url.search || url.hash) throw badRequest(ISSUER_NOT_HTTPS);
  try {
    await resolveIssuerHost(url);
  } catch (error) {
    if (error instanceof IssuerRefused) throw badRequest(error.message);
    throw error;
  }
  return url.href.replace(/\/$/, '');
}

export const ssoSettingsRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (
  app,
  { db, masterKey, config },
) => {
  const tags = ['sso'];

  app.get(
    '/manufacturers/:id/sso',
    {
      schema: {
        tags,
        summary: "The manufacturer's single sign-on settings (the client secret only as set or not)",
        params: SsoIdParams,
        response: { 200: SsoSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      const { manufacturer } = await ssoManager(db, request, request.params.id);
      return toSsoSettings(await findSsoSettings(db, manufacturer.id), config.publicUrl, manufacturer.portal_slug);
    },
  );

  app.put(
    '/manufacturers/:id/sso',
    {
      schema: {
        tags,
        summary: 'Sets the single sign-on settings: the provider, allowed domains, the groups → roles mapping',
        params: SsoIdParams,
        body: SaveSsoSettingsBody,
        response: { 200: SsoSettings, ...ErrorResponses },
      },
    },
    async (request) => {
      const { principal, manufacturer } = await ssoManager(db, request, request.params.id);
      const body = request.body;
      const issuer = await checkIssuer(body.issuer);
      const groups = new Set<string>();
      for (const { group } of body.group_roles) {
        if (groups.has(group)) throw badRequest(GROUP_LISTED_TWICE(group));
        groups.add(group);
      }
      const domains = [...new Set(body.allowed_domains.map((domain) => domain.toLowerCase()))];
      await db.transaction().execute(async (trx) => {
        const before = await findSsoSettings(trx, manufacturer.id);
        const saved = {
          manufacturer_id: manufacturer.id,
          enabled: body.enabled,
          issuer,
          client_id: body.client_id,
          allowed_domains: domains,
          groups_claim: body.groups_claim,
          group_roles: body.group_roles,
          default_role: body.default_role,
          password_sign_in_off: body.password_sign_in_off,
        };
        await saveSsoSettings(trx, {
          ...saved,
          client_secret_encrypted:
            body.client_secret === undefined ? undefined : encrypt(Buffer.from(body.client_secret), masterKey),
        });
        const auditable = (row: typeof saved, secretSet: boolean) => ({
          enabled: row.enabled,
          issuer: row.issuer,
          client_id: row.client_id,
          client_secret_set: secretSet,
          allowed_domains: row.allowed_domains,
          groups_claim: row.groups_claim,
          group_roles: row.group_roles,
          default_role: row.default_role,
          password_sign_in_off: row.password_sign_in_off,
        });
        await recordAudit(trx, principal, {
          manufacturerId: manufacturer.id,
          action: SSO_SETTINGS_UPDATE_ACTION,
          entityType: 'manufacturer',
          entityId: manufacturer.id,
          before: before ? auditable(before, !!before.client_secret_encrypted) : null,
          after: auditable(saved, body.client_secret !== undefined || !!before?.client_secret_encrypted),
        });
      });
      return toSsoSettings(await findSsoSettings(db, manufacturer.id), config.publicUrl, manufacturer.portal_slug);
    },
  );
};
