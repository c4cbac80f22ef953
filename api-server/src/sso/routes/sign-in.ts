import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorResponse,
  FindSsoBody,
  FoundSso,
  SSO_CALLBACK_PATH,
  SSO_DOMAIN_UNKNOWN,
  SSO_LANDING_PATH,
  SSO_SIGN_IN_MINUTES,
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
import { addressKey } from '../../auth/login-limits';
import { consumeRateLimit } from '../../auth/rate-limits';
import { TOO_MANY_ATTEMPTS } from '../../people/routes/systemusers/system-users';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { findSsoSettings, type SsoSettingsRow } from '../queries/settings';
import { findSsoManufacturer, findSsoManufacturersByDomain } from '../queries/manufacturer';
import { keepSignInStart, takeSignInStart } from '../queries/sign-ins';
import { findAccountByEmail, insertSsoStaff, updateStaffRole } from '../queries/staff';
import { discoverProvider, loadOpenIdClient } from '../provider';
import { IssuerRefused } from '../issuer-guard';
import { emailInAllowedDomains, groupsOf, roleOfGroups } from '../sign-in-rules';
import { refusingToSignInPage, SsoRefused } from '../refusal';

export const SSO_SIGN_IN_ACTION = 'sso.sign_in';

/** The manufacturer a start address names, by portal slug or id, with its SSO settings when switched on. */
async function enabledSettingsOf(db: Db, manufacturer: string): Promise<SsoSettingsRow> {
  const row = await findSsoManufacturer(db, /^[0-9]{1,9}$/.test(manufacturer) ? Number(manufacturer) : manufacturer);
  const settings = row && (await findSsoSettings(db, row.id));
  if (!settings?.enabled) throw new SsoRefused('not-set-up');
  return settings;
}

/**
 * The browser that started a sign-in carries its state in a cookie only the callback reads, and the callback takes
 * the sign-in only from that browser: a callback link from someone else's sign-in (login CSRF) is refused.
 * SameSite=Lax, because the provider's redirect back is a cross-site top-level navigation.
 */
const SSO_BROWSER_COOKIE = 'producthub_sso_state';

function bindToBrowser(request: FastifyRequest, reply: FastifyReply, state: string) {
  reply.header(
    'set-cookie',
    request.server.serializeCookie(SSO_BROWSER_COOKIE, state, {
      path: SSO_CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SSO_SIGN_IN_MINUTES * 60,
    }),
  );
}

const startedInThisBrowser = (request: FastifyRequest, state: string) => {
  const kept = request.headers.cookie ? request.server.parseCookie(request.headers.cookie)[SSO_BROWSER_COOKIE] : '';
  return (
    typeof kept === 'string' && kept.length === state.length && timingSafeEqual(Buffer.from(kept), Buffer.from(state))
  );
};

/** The window of the find-by-email limit: per address, as many a minute as password sign-ins. */
const FIND_WINDOW_SECONDS = 60;

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
        response: { 302: Type.Null(), 303: Type.Null() },
      },
    },
    (request, reply) =>
      refusingToSignInPage(reply, async () => {
        const settings = await enabledSettingsOf(db, request.params.manufacturer);
        const oidc = await loadOpenIdClient();
        const provider = await providerOf(settings);
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        await keepSignInStart(db, { state, nonce, codeVerifier, manufacturerId: settings.manufacturer_id });
        bindToBrowser(request, reply, state);
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
      }),
  );

  app.get(
    '/sso/callback',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The identity provider's answer: checks the ID token, finds or makes the staff member, signs in",
        querystring: SsoCallbackQuery,
        response: { 303: Type.Null() },
      },
    },
    (request, reply) =>
      refusingToSignInPage(reply, async () => {
        const query = request.query;
        const started = query.state === undefined ? undefined : await takeSignInStart(db, query.state);
        if (!started || !startedInThisBrowser(request, query.state!)) throw new SsoRefused('state-unknown');
        if (started.expired) throw new SsoRefused('state-expired');
        if (query.error || !query.code) throw new SsoRefused('provider-refused');
        const settings = await findSsoSettings(db, started.manufacturer_id);
        if (!settings?.enabled) throw new SsoRefused('not-set-up');
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
        } catch (error) {
          if (error instanceof IssuerRefused) throw new SsoRefused('provider-unreachable');
          throw new SsoRefused('token-refused');
        }
        const email = typeof claims.email === 'string' ? claims.email.trim() : '';
        if (!email || claims.email_verified !== true) throw new SsoRefused('email-unverified');
        if (!emailInAllowedDomains(email, settings.allowed_domains)) throw new SsoRefused('email-domain');
        const role = roleOfGroups(groupsOf(claims[settings.groups_claim]), settings.group_roles, settings.default_role);
        if (!role) throw new SsoRefused('no-role');
        const manufacturerId = settings.manufacturer_id;

        const systemUserId = await db.transaction().execute(async (trx) => {
          const account = await findAccountByEmail(trx, email);
          if (account && (account.access_level !== 'manufacturer' || account.manufacturer_id !== manufacturerId))
            throw new SsoRefused('other-account');
          if (account?.disabled) throw new SsoRefused('account-disabled');
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
            if (!id) throw new SsoRefused('other-account');
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
      }),
  );

  app.post(
    '/sso/find',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The start address of the single sign-on a work email signs in with, found by its domain',
        body: FindSsoBody,
        response: { 200: FoundSso, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const throttle = await consumeRateLimit(db, {
        bucket: `sso-find:ip:${addressKey(request.ip)}`,
        limit: config.loginAddressRateLimitPerMinute,
        windowSeconds: FIND_WINDOW_SECONDS,
      });
      if (!throttle.allowed)
        return reply
          .status(429)
          .header('Retry-After', throttle.retryAfterSeconds)
          .send({ message: [TOO_MANY_ATTEMPTS(throttle.retryAfterSeconds)] });
      const email = request.body.email.trim();
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      const found = await findSsoManufacturersByDomain(db, domain);
      // A domain two companies list names neither: its people use their company's sign-in name.
      if (found.length !== 1) throw new HttpError(404, SSO_DOMAIN_UNKNOWN);
      return { start_path: `/api/v1/sso/${found[0].portal_slug}/start` };
    },
  );
};
