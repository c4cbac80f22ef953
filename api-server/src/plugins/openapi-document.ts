import type { FastifySchema, RouteOptions } from 'fastify';
import { API_KEY_AUTH_SCHEME, AUTH_SCHEME, PORTAL_API_PREFIX, PORTAL_AUTH_SCHEME } from 'shared-kit/contract';
import { API_KEY_SCOPES } from 'shared-kit/contract';
import { scopesReach } from '../auth/api-key-scopes';

// What the OpenAPI document (GET /api/v1/openapi.json, /api/docs) says beyond the route schemas: how to
// authenticate, which credentials each route takes, the bodies of the upload routes, and what becomes of members a
// body's schema does not list.

/** The names of the document's security schemes, as the operations reference them. */
export const SECURITY_SCHEME = {
  staffSession: 'staffSession',
  apiKey: 'apiKey',
  customerSession: 'customerSession',
} as const;

export const SECURITY_SCHEMES = {
  [SECURITY_SCHEME.staffSession]: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: `A staff session, as the console sends it: \`${AUTH_SCHEME} <token>\`, the \`token\` of a successful \`POST /systemusers/login\`. Type both words.`,
  },
  [SECURITY_SCHEME.apiKey]: {
    type: 'http',
    scheme: 'bearer',
    description: `A manufacturer's API key (\`phk_live_…\`, created under API keys in the console), sent as \`Authorization: ${API_KEY_AUTH_SCHEME} <key>\`. Paste the key alone. A key reaches only the routes of its scopes (docs/selling.md).`,
  },
  [SECURITY_SCHEME.customerSession]: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: `A customer's portal session: \`${PORTAL_AUTH_SCHEME} <token>\`, the \`token\` of a successful portal sign-in (\`POST /portal/{slug}/sign-in\`). Type both words.`,
  },
} as const;

/** The document's opening text: how to authenticate, and what the schemas of requests mean. */
export const API_DESCRIPTION = [
  'The API of the ProductHub console, the customer portal and the plugins (the `client API` tag).',
  '',
  '## How to authenticate',
  '',
  `- **Staff**: \`POST /systemusers/login\` with \`{ "email", "password" }\` answers a \`token\`. Press **Authorize**, and under \`${SECURITY_SCHEME.staffSession}\` enter \`${AUTH_SCHEME} <token>\` (both words). \`POST /systemusers/logout\` ends the session.`,
  `- **API keys**: under \`${SECURITY_SCHEME.apiKey}\` paste a manufacturer's key (\`phk_live_…\`) alone; it is sent as \`${API_KEY_AUTH_SCHEME} <key>\`. A key reaches only the routes of its scopes: an operation that lists \`${SECURITY_SCHEME.apiKey}\` is reachable by some scope.`,
  `- **Customers** (the \`/portal/…\` routes): the portal's sign-in answers a \`token\`; under \`${SECURITY_SCHEME.customerSession}\` enter \`${PORTAL_AUTH_SCHEME} <token>\`.`,
  '- **Plugins** (`/clients/app/…`, the `client API` tag) need no credentials: a plugin proves a licence by its serial.',
  '',
  "An operation without a lock needs no credentials. A missing or dead credential answers `401`, one that may not do the operation `403`, and another manufacturer's object answers `404` like a missing one.",
  '',
  '## Requests',
  '',
  'Members of a JSON body and query parameters that an operation does not list are dropped before it runs: they are neither refused nor used. Errors are `{ "message": ["…"] }` with a 4xx status.',
].join('\n');

type SecurityRequirement = Record<string, string[]>;

/** The credentials a route takes: none (public), a customer session (the portal's scope), else a staff session or an API key its scopes reach. */
export function securityOf(method: string, url: string, isPublic: boolean): SecurityRequirement[] {
  if (isPublic) return [];
  if (url.startsWith(`${PORTAL_API_PREFIX}/`)) return [{ [SECURITY_SCHEME.customerSession]: [] }];
  const staff = { [SECURITY_SCHEME.staffSession]: [] };
  return scopesReach(API_KEY_SCOPES, method, url) ? [staff, { [SECURITY_SCHEME.apiKey]: [] }] : [staff];
}

/** A body of raw bytes (an upload), as the document shows it: Swagger UI offers a file to send. */
const BINARY_BODY = { type: 'string', format: 'binary', description: 'The bytes of the file, as they are.' };

/**
 * The route's schema as the document shows it (@fastify/swagger's `transform`): its security; and for an upload (a
 * route that `consumes` a type its own parser reads, with no JSON body schema), its body as bytes. The server's
 * validation never sees this copy.
 */
export function documentedRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const methods = [route.method].flat();
  const documented: FastifySchema = { ...schema, security: securityOf(methods[0], url, route.config?.public === true) };
  if (schema.consumes && !schema.body) documented.body = BINARY_BODY;
  return { schema: documented, url };
}

type Json = unknown;

/** A copy of a request schema without `additionalProperties: false`: such members are dropped, not refused. */
function withoutClosedObjects(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: Json }> };
}

/**
 * The server drops the members a request schema does not list (Ajv's `removeAdditional: 'all'`, app.ts) where the
 * contract's schemas say `additionalProperties: false`: the document's request bodies say what happens instead.
 */
export function withRequestsAsServed<Document extends { paths?: Record<string, unknown> }>(
  document: Document,
): Document {
  if (!document.paths) return document;
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations as Record<string, unknown>).map(([method, operation]) => {
          const body = (operation as Operation).requestBody;
          if (!body?.content) return [method, operation];
          const content = Object.fromEntries(
            Object.entries(body.content).map(([type, media]) => [
              type,
              { ...media, schema: withoutClosedObjects(media.schema) },
            ]),
          );
          return [method, { ...(operation as object), requestBody: { ...body, content } }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

/** A 200 of raw file bytes (a download), as a route's response schema: sent unserialised, declared as what it is. */
export const FILE_BYTES_ANSWER = {
  description: 'The file bytes, as an attachment (`Content-Disposition`), with `Content-Length` and `ETag`.',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
} as const;
