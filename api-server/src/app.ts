import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import { BUILD_FILE_NAME_MAX_URL_LENGTH, PORTAL_API_PREFIX } from 'shared-kit/contract';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './storage/file-storage';
import { answerClientError, frameworkErrors, registerErrorHandling } from './plugins/error-handler';
import { refuseNonFiniteNumbers } from './plugins/finite-numbers';
import { textKeyword } from './plugins/text-keyword';
import { refuseMalformedQueries } from './plugins/well-formed-query';
import { refuseNonUtf8Bodies } from './plugins/utf8-bodies';
import { applySecurityHeaders } from './plugins/security-headers';
import { closeOnlyIdleClients } from './plugins/idle-connections';
import type { PrincipalCache } from './auth/principal';
import { registerAuthentication } from './plugins/auth';
import { registerStaffPermissions } from './plugins/staff-permissions';
import { registerStaticApps, runtimeConfig } from './plugins/static-apps';
import { registerApiReference } from './plugins/api-reference';
import { withPathsInReferenceOrder } from './plugins/api-reference-order';
import { API_DESCRIPTION, SECURITY_SCHEMES, documentedRoute, withRequestsAsServed } from './plugins/openapi-document';
import { createPasswordCheckGate } from './auth/password-check-gate';
import { createBackgroundWork, type BackgroundWork } from './lib/background-work';
import { healthRoutes } from './health/routes';
import { systemUserRoutes } from './people/routes/systemusers/system-users';
import { staffSessionRoutes } from './people/routes/systemusers/sessions';
import { twoFactorRoutes } from './two-factor/routes';
import { ssoRoutes } from './sso/routes';
import { relyingPartyOf } from './two-factor/relying-party';
import { manufacturersRoutes } from './manufacturers/routes';
import { catalogRoutes } from './catalog/routes';
import { peopleRoutes } from './people/routes';
import { webhookRoutes } from './webhooks/routes';
import { licensesRoutes } from './licenses/routes';
import { policiesRoutes } from './policies/routes';
import { clientAppBuildFileRoutes } from './clients/routes/app-build-files';
import { clientApiRoutes } from './clients/routes';
import { floatingRoutes } from './floating/routes';
import { auditEventsRoutes } from './audit/routes';
import { dashboardRoutes } from './dashboard/routes';
import { emailRoutes } from './email/routes';
import { buyerMailRoutes } from './buyer-mails/routes';
import { portalRoutes } from './portal/routes/customer-routes';
import { portalStaffRoutes } from './portal/routes/staff-routes';
import { apiKeyRoutes } from './api-keys/routes';
import { ordersRoutes } from './orders/routes';
import { batchRoutes } from './batches/routes';
import { storesRoutes } from './stores/routes';
import { staffRoutes } from './staff/routes';

export interface AppDependencies {
  config: ServerConfig;
  db: Db;
  masterKey: Buffer;
  storage: FileStorage;
  logger?: boolean | object;
  /** Sessions cached in process (closed with the app); without it every request reads its session. */
  sessionCache?: PrincipalCache;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export interface RouteTableEntry {
  method: string;
  url: string;
  public: boolean;
  /** The body's top-level field names from its schema (hostile-input tests aim at them). */
  bodyFields: string[];
  queryFields: string[];
  /** The route's request schemas: hostile-input tests find every string position in them. */
  schemas: { params?: unknown; querystring?: unknown; body?: unknown };
}

function schemaFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves (HEAD twins left out): the authorization matrix is checked against it. */
    routeTable: RouteTableEntry[];
    /** Work routes started after answering (portal sign-in codes); `settled()` waits for it. */
    backgroundWork: BackgroundWork;
  }
}

export async function buildApp({
  config,
  db,
  masterKey,
  storage,
  logger = false,
  sessionCache,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Per-address limits need the client's address: behind a load balancer only its X-Forwarded-For says it.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    frameworkErrors,
    clientErrorHandler: answerClientError,
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node checks the headers and request limits on a timer (every 30 s by default): each second keeps them close.
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: 1000,
    },
    // A build file name is a path parameter of its upload and download routes.
    routerOptions: { maxParamLength: BUILD_FILE_NAME_MAX_URL_LENGTH },
    ajv: {
      customOptions: {
        removeAdditional: 'all',
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        keywords: [textKeyword],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (sessionCache) app.addHook('onClose', () => sessionCache.close());
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  const backgroundWork = createBackgroundWork();
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('onClose', () => backgroundWork.settled());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        bodyFields: schemaFields(route.schema?.body),
        queryFields: schemaFields(route.schema?.querystring),
        schemas: { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body },
      });
    }
  });
  registerErrorHandling(app);
  refuseNonFiniteNumbers(app);
  refuseMalformedQueries(app);
  refuseNonUtf8Bodies(app);
  closeOnlyIdleClients(app);
  const remoteOrigins = Object.values(runtimeConfig(config).remotes)
    .map((url) => (url.startsWith('http') ? new URL(url).origin : null))
    .filter((origin): origin is string => origin !== null);
  applySecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        connectSrc: ["'self'", ...remoteOrigins],
        // styled-components injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // With no origin allowed the plugin adds no header and its preflight route answers the not-found handler's 404:
  // not registering it answers the same without its hook on every request.
  if (config.corsOrigins.length) await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  // No cookie is parsed per request: only the routes that take the session from a cookie parse it (plugins/auth.ts).
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'ProductHub API', version: config.version, description: API_DESCRIPTION },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Each operation's credentials and upload body (plugins/openapi-document.ts).
    transform: documentedRoute,
    // The document's paths in one order, whatever order the domains register their routes in; request bodies as served.
    transformObject: (document) =>
      'openapiObject' in document
        ? withRequestsAsServed(withPathsInReferenceOrder(document.openapiObject))
        : document.swaggerObject,
  });

  await registerApiReference(app);
  await app.register(healthRoutes, { db });
  await app.register(
    async (api) => {
      registerAuthentication(api, db, {
        cache: sessionCache,
        idleMinutes: config.sessionIdleMinutes,
        apiKeyFailuresPerMinute: config.loginAddressRateLimitPerMinute,
      });
      registerStaffPermissions(api);
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      const loginLimits = {
        perAddressAndAccount: config.loginRateLimitPerMinute,
        perAddress: config.loginAddressRateLimitPerMinute,
        accountFailures: config.loginAccountFailuresPer15Minutes,
      };
      const passwordChecks = createPasswordCheckGate(config.passwordCheckConcurrency);
      await api.register(systemUserRoutes, { db, sessionCache, loginLimits, passwordChecks });
      await api.register(twoFactorRoutes, {
        db,
        masterKey,
        loginLimits,
        passwordChecks,
        relyingParty: relyingPartyOf(config.publicUrl),
      });
      await api.register(staffSessionRoutes, { db, sessionCache, idleMinutes: config.sessionIdleMinutes });
      const areaDependencies = { db, masterKey, storage, config };
      await api.register(manufacturersRoutes, areaDependencies);
      await api.register(catalogRoutes, areaDependencies);
      await api.register(peopleRoutes, areaDependencies);
      await api.register(webhookRoutes, areaDependencies);
      await api.register(licensesRoutes, areaDependencies);
      await api.register(policiesRoutes, areaDependencies);
      await api.register(clientAppBuildFileRoutes, areaDependencies);
      await api.register(clientApiRoutes, areaDependencies);
      await api.register(floatingRoutes, areaDependencies);
      await api.register(auditEventsRoutes, areaDependencies);
      await api.register(dashboardRoutes, areaDependencies);
      await api.register(emailRoutes, areaDependencies);
      await api.register(buyerMailRoutes, areaDependencies);
      await api.register(portalStaffRoutes, areaDependencies);
      await api.register(apiKeyRoutes, { ...areaDependencies, sessionCache });
      await api.register(ordersRoutes, areaDependencies);
      await api.register(batchRoutes, areaDependencies);
      await api.register(storesRoutes, areaDependencies);
      await api.register(staffRoutes, { ...areaDependencies, sessionCache });
      await api.register(ssoRoutes, areaDependencies);
    },
    { prefix: '/api/v1' },
  );
  // The customer portal: a scope of its own beside the staff one, with customer sessions only (portal/routes).
  await app.register(portalRoutes, { prefix: PORTAL_API_PREFIX, db, masterKey, storage, config, backgroundWork });
  await registerStaticApps(app, config);
  return app;
}
