import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_KEY_SCOPES, USER_IMPORT_CONTENT_TYPE } from 'shared-kit/contract';
import { scopesReach } from '../src/auth/api-key-scopes';
import { OCTET_STREAM_REQUIRED } from '../src/catalog/routes/products/build-files';
import { CSV_REQUIRED } from '../src/people/routes/users/imports';
import { SECURITY_SCHEME } from '../src/plugins/openapi-document';
import { AUTHORIZATION_MATRIX } from './security/authorization-matrix';
import { auth, createTenants } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// The OpenAPI document (/api/docs) declares what the server does: who may call each operation (its security), the
// bodies of the uploads as they are sent, and what becomes of unknown members of a body.

interface Media {
  schema?: Record<string, unknown>;
}
interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface OpenApiDocument {
  info: { description?: string };
  components: { securitySchemes?: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

const SERVER = '/api/v1';
/** `/products/{id}` → `/api/v1/products/:id`, the route as registered (the matrix's and the scopes' key). */
const routeOf = (path: string) => `${SERVER}${path.replace(/\{(\w+)\}/g, ':$1')}`;

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${routeOf(path)}`,
      method: method.toUpperCase(),
      route: routeOf(path),
      operation,
    })),
  );
}

/** Every schema object in a tree. */
function* schemasIn(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) for (const item of node) yield* schemasIn(item);
  else if (node !== null && typeof node === 'object') {
    yield node as Record<string, unknown>;
    for (const value of Object.values(node)) yield* schemasIn(value);
  }
}

/** The source files (outside plugins/, which parse JSON and text for every route) that read a body of their own. */
function filesWithOwnBodyParsers(): string[] {
  const root = join(__dirname, '..', 'src');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !path.includes('/plugins/'))
        if (readFileSync(path, 'utf8').includes('addContentTypeParser(')) found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

describe('the OpenAPI document declares what the server does', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let staffAToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffAToken = (await createTenants(t.app, t.db)).staffAToken;
    document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
  }, 120_000);
  afterAll(() => t.close());

  it('declares the staff session header, API keys and the customer session, and says how to authenticate', async () => {
    const schemes = document.components.securitySchemes ?? {};
    expect(schemes[SECURITY_SCHEME.staffSession]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(schemes[SECURITY_SCHEME.staffSession].description).toContain('MSession <token>');
    expect(schemes[SECURITY_SCHEME.apiKey]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes[SECURITY_SCHEME.customerSession]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(schemes[SECURITY_SCHEME.customerSession].description).toContain('PortalSession <token>');
    expect(document.info.description).toContain('## How to authenticate');
    expect(document.info.description).toContain('POST /systemusers/login');

    // What the description tells a reader to do works: the login's token in the staff scheme's form opens a route.
    const me = await t.app.inject({ url: '/api/v1/systemusers/me', headers: auth(staffAToken) });
    expect(me.statusCode).toBe(200);
  });

  it('names on every operation the credentials it takes: none exactly where the authorization matrix lets anybody in', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { key, method, route, operation } of operations) {
      const matrix = AUTHORIZATION_MATRIX[key];
      if (!matrix) {
        wrong.push(`${key}: not in the authorization matrix`);
        continue;
      }
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      // The sign-in steps take no credentials: their 401 answers a wrong password, code or passkey in the body.
      const signInStep = key.startsWith('POST /api/v1/systemusers/login');
      const needsCredentials = matrix.expect.anonymous === 401 && !signInStep;
      if (operation.security === undefined) wrong.push(`${key}: no security declared`);
      else if (needsCredentials !== schemes.length > 0)
        wrong.push(`${key}: anonymous ${matrix.expect.anonymous}, security ${JSON.stringify(operation.security)}`);
      if (!needsCredentials) continue;
      const portal = route.startsWith(`${SERVER}/portal/`);
      const expected = portal
        ? [SECURITY_SCHEME.customerSession]
        : [
            SECURITY_SCHEME.staffSession,
            ...(scopesReach(API_KEY_SCOPES, method, route) ? [SECURITY_SCHEME.apiKey] : []),
          ];
      if (JSON.stringify(schemes) !== JSON.stringify(expected))
        wrong.push(`${key}: ${JSON.stringify(schemes)}, expected ${JSON.stringify(expected)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every upload route a body of bytes, of the content type the route itself asks for', async () => {
    // A new upload route reads its own body: it joins this list, and the document must show its body.
    expect(filesWithOwnBodyParsers()).toEqual([
      'catalog/routes/products/build-files.ts',
      'people/routes/users/imports.ts',
      'stores/routes/store-events.ts',
    ]);
    // The stores' webhooks read their JSON body as the bytes the store signed: the document shows those bytes.
    for (const store of ['stripe', 'paddle']) {
      const content =
        operationsOf(document).find((entry) => entry.key === `POST /api/v1/stores/${store}/:manufacturer/events`)
          ?.operation.requestBody?.content ?? {};
      expect(Object.keys(content)).toEqual(['application/json']);
      expect(content['application/json'].schema).toMatchObject({ type: 'string', format: 'binary' });
    }
    const uploads = [
      {
        key: 'PUT /api/v1/products/:id/builds/:buildId/files/:name',
        url: '/api/v1/products/1/builds/1/files/x.zip',
        refusal: OCTET_STREAM_REQUIRED,
      },
      { key: 'POST /api/v1/users/imports', url: '/api/v1/users/imports', refusal: CSV_REQUIRED },
    ];
    const operations = new Map(operationsOf(document).map((entry) => [entry.key, entry.operation]));
    for (const upload of uploads) {
      const content = operations.get(upload.key)?.requestBody?.content ?? {};
      const types = Object.keys(content);
      expect(`${upload.key} ${types.join(',')}`).toBe(
        `${upload.key} ${upload.key.startsWith('PUT') ? 'application/octet-stream' : USER_IMPORT_CONTENT_TYPE}`,
      );
      expect(content[types[0]].schema).toMatchObject({ type: 'string', format: 'binary' });
      // The route refuses a JSON body and names the content type it takes: the one the document declares.
      const refused = await t.app.inject({
        method: upload.key.startsWith('PUT') ? 'PUT' : 'POST',
        url: upload.url,
        headers: auth(staffAToken),
        payload: {},
      });
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({ message: [upload.refusal] });
      expect(upload.refusal).toContain(`Content-Type: ${types[0]}`);
    }
  });

  it('declares request bodies open, because members they do not list are dropped, not refused', async () => {
    const closed = operationsOf(document).filter(({ operation }) =>
      [...schemasIn(operation.requestBody)].some((schema) => schema.additionalProperties === false),
    );
    expect(closed.map(({ key }) => key)).toEqual([]);
    expect(document.info.description).toContain('does not list are dropped');

    // As served: an unknown member is neither refused nor kept (a client body and a staff body alike).
    const trial = await t.app.inject({
      method: 'POST',
      url: '/api/v1/clients/app/trials',
      payload: { product_id: 2147483647, hardware_fingerprint: 'DOCS-FP', unknown_member: 'x' },
    });
    expect(trial.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/systemusers/login',
      payload: { email: 'nobody@docs.example', password: 'wrong-password', unknown_member: 'x' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('declares the file downloads as the bytes they are (application/octet-stream), not JSON', () => {
    const operations = new Map(operationsOf(document).map((entry) => [entry.key, entry.operation]));
    for (const key of [
      'GET /api/v1/clients/app/downloads/:fileId',
      'GET /api/v1/products/:id/builds/:buildId/files/:name',
    ]) {
      const ok = operations.get(key)?.responses['200'];
      expect(`${key} ${Object.keys(ok?.content ?? {}).join(',')}`).toBe(`${key} application/octet-stream`);
    }
  });

  it('tells that the build-files route under the client prefix is a staff one, and it is', async () => {
    const key = 'GET /api/v1/clients/app/products/:id/builds/:buildId/files';
    const operation = new Map(operationsOf(document).map((entry) => [entry.key, entry.operation])).get(key);
    expect(operation?.security).toEqual([{ [SECURITY_SCHEME.staffSession]: [] }, { [SECURITY_SCHEME.apiKey]: [] }]);
    expect((operation as { summary?: string }).summary).toMatch(/staff route/);
    const anonymous = await t.app.inject({ url: '/api/v1/clients/app/products/1/builds/1/files' });
    expect(anonymous.statusCode).toBe(401);
  });
});
