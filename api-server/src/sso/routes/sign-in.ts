import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes } from 'node:crypto';
import {
  ErrorResponse,
  SSO_ACCOUNT_DISABLED,
  SSO_CALLBACK_PATH,
  SSO_EMAIL_DOMAIN,
  SSO_EMAIL_UNVERIFIED,
  SSO_LANDING_PATH,
  SSO_NO_ROLE,
  SSO_NOT_SET_UP,
  SSO_OTHER_ACCOUNT,
  SSO_PROVIDER_REFUSED,
  SSO_STATE_EXPIRED,
  SSO_STATE_UNKNOWN,
  SSO_TOKEN_REFUSED,
  SsoCallbackQuery,
  SsoStartParams,
} from 'shared-kit/contract';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { recordAudit } from '../../audit/queries/audit-log';
import { createSession } from '../../auth/sessions';
import { setSessionCookie } from '../../auth/session-cookie';
import { hashPassword } from '../../auth/password';
import { decrypt } from '../../crypto/product-keys';
import { HttpError } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findSsoSettings, type SsoSettingsRow } from '../queries/settings';
import { findSsoManufacturer } from '../queries/manufacturer';
import { keepSignInStart, takeSignInStart } from '../queries/sign-ins';
import { findAccountByEmail, insertSsoStaff, updateStaffRole } from '../queries/staff';
import { discoverProvider, loadOpenIdClient } from '../provider';
import { emailInAllowedDomains, groupsOf, roleOfGroups } from '../sign-in-rules';

export const SSO_SIGN_IN_ACTION = 'sso.sign_in';

/** The manufacturer a start address names, by portal slug or id, with its SSO settings when switched on. */
async function enabledSettingsOf(db: Db, manufacturer: string): Promise<SsoSettingsRow> {
  const row = await findSsoManufacturer(db, /^[0-9]{1,9}$/.test(manufacturer) ? Number(manufacturer) : manufacturer);
  const settings = row && (await findSsoSettings(db, row.id));
  if (!settings?.enabled) throw new HttpError(404, SSO_NOT_SET_UP);
  return settings;
}

export const ssoSignInRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey, config }) => {
  const tags = ['sso'];
  const redirectUri = `${config.publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;
  const providerOf = (settings: SsoSettingsRow) =>
    discoverProvider({
      issuer: settings.issuer,
      clientId: settings.client_id,
      clientSecret: settings.client_secret_encrypted
        ? decrypt(settings.client_secret_encrypted, masterKey).toString()
        : null,
    });

  app.get(
    '/sso/:manufacturer/start',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Starts a staff sign-in at the manufacturer's identity provider (a redirect)",
        params: SsoStartParams,
        response: { 302: Type.Null(), 404: ErrorResponse, 424: ErrorResponse },
      },
    },
    async (request, reply) => {
      const settings = await enabledSettingsOf(db, request.params.manufacturer);
      const oidc = await loadOpenIdClient();
      const provider = await providerOf(settings);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await keepSignInStart(db, { state, nonce, codeVerifier, manufacturerId: settings.manufacturer_id });
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/sso/callback',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The identity provider's answer: checks the ID token, finds or makes the staff member, signs in",
        querystring: SsoCallbackQuery,
        response: { 303: Type.Null(), 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 424: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const started = await takeSignInStart(db, query.state);
      if (!started) throw new HttpError(400, SSO_STATE_UNKNOWN);
      if (started.expired) throw new HttpError(400, SSO_STATE_EXPIRED);
      if (query.error || !query.code) throw new HttpError(401, SSO_PROVIDER_REFUSED);
      const settings = await findSsoSettings(db, started.manufacturer_id);
      if (!settings?.enabled) throw new HttpError(404, SSO_NOT_SET_UP);
      const oidc = await loadOpenIdClient();
      const provider = await providerOf(settings);
      const callbackUrl = new URL(redirectUri);
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) callbackUrl.searchParams.set(name, value);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
          pkceCodeVerifier: started.code_verifier,
          expectedState: query.state,
          expectedNonce: started.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no ID token');
        // Providers may keep the scopes' claims (email, groups) out of the ID token and answer them at userinfo only.
        const userInfo = await oidc.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
        claims = { ...userInfo, ...idClaims };
      } catch {
        throw new HttpError(401, SSO_TOKEN_REFUSED);
      }
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (!email || claims.email_verified !== true) throw new HttpError(403, SSO_EMAIL_UNVERIFIED);
      if (!emailInAllowedDomains(email, settings.allowed_domains)) throw new HttpError(403, SSO_EMAIL_DOMAIN);
      const role = roleOfGroups(groupsOf(claims[settings.groups_claim]), settings.group_roles, settings.default_role);
      if (!role) throw new HttpError(403, SSO_NO_ROLE);
      const manufacturerId = settings.manufacturer_id;

      const systemUserId = await db.transaction().execute(async (trx) => {
        const account = await findAccountByEmail(trx, email);
        if (account && (account.access_level !== 'manufacturer' || account.manufacturer_id !== manufacturerId))
          throw new HttpError(403, SSO_OTHER_ACCOUNT);
        if (account?.disabled) throw new HttpError(403, SSO_ACCOUNT_DISABLED);
        let id = account?.id;
        // Owners are managed in the console, never demoted by a claim: an owner keeps the way in that SSO cannot take.
        const newRole = account?.staff_role === 'owner' ? 'owner' : role;
        if (id === undefined) {
          id = await insertSsoStaff(trx, {
            email,
            manufacturerId,
            role,
            passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          });
          if (!id) throw new HttpError(403, SSO_OTHER_ACCOUNT);
        } else if (account?.staff_role !== newRole) await updateStaffRole(trx, id, newRole);
        await recordAudit(
          trx,
          { systemUserId: id },
          {
            manufacturerId,
            action: SSO_SIGN_IN_ACTION,
            entityType: 'system_user',
            entityId: id,
            before: account ? { role: account.staff_role } : null,
            after: { role: newRole, created: account === undefined, issuer: settings.issuer },
          },
        );
        return id;
      });
      const token = await createSession(db, systemUserId, {
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      setSessionCookie(request, reply, token);
      return reply.redirect(SSO_LANDING_PATH, 303);
    },
  );
};
