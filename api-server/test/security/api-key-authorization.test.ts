import { API_KEY_SCOPE_ACTIONS, API_KEY_SCOPES, type ApiKeyScope } from 'shared-kit/contract';
import { createTestApp, type TestApp } from '../support/test-app';
import { createApiKey } from '../support/api-key-fixtures';
import { ROUTES_NO_KEY_REACHES, routesOfScope } from '../../src/auth/api-key-scopes';
import { STAFF_ROUTE_ACTIONS } from '../../src/auth/staff-route-actions';
import { AUTHORIZATION_MATRIX, type MatrixEntry } from './authorization-matrix';
import { buildWorld, databaseDigest, type World } from './matrix-world';
import { injectMatrixRequest } from './matrix-request';

/**
 * Key × scope × route: every authenticated route of the matrix, called with a key of manufacturer A holding one
 * scope, answers as staff of A would where that scope reaches the route, and 403 everywhere else (the refusal
 * changes nothing). A key of B with every scope gets what staff of B get on A's objects, within those routes.
 * What a scope reaches is worked out here from the permission table (the route's action, the action the scope
 * stands for) and this test's own list of what no key reads, so a route whose action changes moves between scopes
 * here, and the server's answers must follow.
 */
const READ_EXCLUDED = [
  /^GET \/api\/v1\/systemusers\//, // a person's own account and session
  /^GET \/api\/v1\/manufacturers(\/export\.csv)?$/, // the superuser's list of manufacturers
  /^GET \/api\/v1\/manufacturers\/:id\/(webhook-endpoints|emails|mail-settings|buyer-mails|portal-settings|api-keys|stores)/, // settings, mail log, keys, store settings
  /^GET \/api\/v1\/manufacturers\/:id\/(staff|sso|two-factor-requirement)/, // who works there and how they sign in
  /^GET \/api\/v1\/platform\//, // the Super User's platform settings
  /^GET \/api\/v1\/portal\//, // customers only
  /^GET \/api\/v1\/products\/:id\/batches\/:batchId\/export\.csv$/, // a batch's serials: unsold ones are worth money
];
const BODY_DECIDES = [/^POST \/api\/v1\/systemusers\/login/, /^POST \/api\/v1\/staff-invites\/accept$/];
const readExcluded = (route: string) => READ_EXCLUDED.some((pattern) => pattern.test(route));
const expectedScope = (route: string): ApiKeyScope | null => {
  if (readExcluded(route)) return null;
  const access = STAFF_ROUTE_ACTIONS[route];
  return API_KEY_SCOPES.find((scope) => API_KEY_SCOPE_ACTIONS[scope] === access) ?? null;
};

describe('API keys: key × scope × route', () => {
  let t: TestApp;
  let world: World;
  let keyB: string;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    keyB = (await createApiKey(t.db, world.manufacturerB, [...API_KEY_SCOPES], 'Matrix B')).secret;
  }, 120_000);
  afterAll(() => t.close());

  const send = (route: string, entry: MatrixEntry, key: string) =>
    injectMatrixRequest(t, route, entry.request(world), `Bearer ${key}`);

  it('each scope reaches served routes only, the ones this test expects of it', () => {
    const served = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    for (const scope of API_KEY_SCOPES)
      for (const route of routesOfScope(scope)) {
        expect(served.has(route)).toBe(true);
        expect({ route, scope: expectedScope(route) }).toEqual({ route, scope });
      }
  });

  it("keeps from keys what this test keeps from them, on every route of a scope's action", () => {
    const keyActions: ReadonlySet<string> = new Set(Object.values(API_KEY_SCOPE_ACTIONS));
    for (const route of ROUTES_NO_KEY_REACHES)
      expect({ route, excluded: readExcluded(route) }).toEqual({ route, excluded: true });
    for (const [route, access] of Object.entries(STAFF_ROUTE_ACTIONS))
      if (keyActions.has(access))
        expect({ route, kept: ROUTES_NO_KEY_REACHES.has(route) }).toEqual({ route, kept: readExcluded(route) });
  });

  for (const [route, entry] of Object.entries(AUTHORIZATION_MATRIX)) {
    // Open to anyone, a key neither needed nor looked at: routes anyone may call (alike for everyone, or decided by
    // the body: the sign-in steps' password, pending token or passkey answer, an invite's token), never by an
    // Authorization header.
    if (
      entry.expect.anonymous < 400 ||
      new Set(Object.values(entry.expect)).size === 1 ||
      BODY_DECIDES.some((pattern) => pattern.test(route))
    )
      continue;
    it(`${route}: ${expectedScope(route) ?? 'no scope'}`, async () => {
      const allowed = expectedScope(route);
      const portal = route.includes(' /api/v1/portal/');
      // The scopes that may not go first, so each refusal is checked against the world before it changes.
      for (const scope of API_KEY_SCOPES.filter((candidate) => candidate !== allowed)) {
        const before = await databaseDigest(t);
        const response = await send(route, entry, world.apiKeysA[scope]);
        expect({ scope, status: response.statusCode }).toEqual({ scope, status: portal ? 401 : 403 });
        expect(response.json()).toEqual({ message: [expect.any(String)] });
        expect(await databaseDigest(t)).toBe(before);
      }
      if (allowed === null) return;
      const before = await databaseDigest(t);
      const asB = await send(route, entry, keyB);
      expect({ key: 'B', status: asB.statusCode }).toEqual({ key: 'B', status: entry.expect.staffB });
      if (asB.statusCode >= 400) expect(await databaseDigest(t)).toBe(before);
      else if (entry.staffBActsOnOwnTenant) {
        const body = asB.json() as { data?: { manufacturer_id?: number }[]; manufacturer_id?: number };
        for (const row of body.data ?? [body]) expect(row.manufacturer_id).not.toBe(world.manufacturerA);
      }
      const asA = await send(route, entry, world.apiKeysA[allowed]);
      expect({ scope: allowed, status: asA.statusCode }).toEqual({ scope: allowed, status: entry.expect.staffA });
    });
  }
});
