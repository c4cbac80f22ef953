import { createTestApp, type TestApp } from '../support/test-app';
import { AUTHORIZATION_MATRIX, type MatrixEntry } from './authorization-matrix';
import { injectMatrixRequest } from './matrix-request';
import {
  authorizationOf,
  buildWorld,
  databaseDigest,
  ROLES,
  signInEveryone,
  type Role,
  type World,
} from './matrix-world';

/**
 * Every route × every role on an object of manufacturer A answers the status the matrix says, and every
 * refused request leaves the whole database as it was: zero reads or writes across tenants. Customers (portal
 * sessions) reach only the portal's customer routes; staff tokens never reach those.
 */
describe('authorization matrix', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://console.example'] });
    world = await buildWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  it('has an entry for every route the server serves (a new route must join the matrix)', () => {
    const served = t.app.routeTable.map((route) => `${route.method} ${route.url}`).sort();
    expect(served.filter((route) => !(route in AUTHORIZATION_MATRIX))).toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((route) => !served.includes(route))).toEqual([]);
  });

  const send = async (route: string, entry: MatrixEntry, role: Role, tokens: World['tokens']) => {
    const authorization = role === 'anonymous' ? undefined : authorizationOf(role, tokens);
    const response = await injectMatrixRequest(t, route, entry.request(world), authorization);
    // A code request issues its code after answering: the next digest must not race it.
    await t.app.backgroundWork.settled();
    return response;
  };

  // The role that may act goes last, so every refusal is checked against the world before it changes.
  const ORDER: Role[] = ['anonymous', 'superuser', 'staffB', 'customerB', 'customerA', 'staffA'];
  for (const [route, entry] of Object.entries(AUTHORIZATION_MATRIX)) {
    it(`${route}: ${ROLES.map((role) => `${role} ${entry.expect[role]}`).join(', ')}`, async () => {
      const tokens = entry.endsSession ? await signInEveryone(t, world.portalCustomers) : world.tokens;
      const answered: Partial<Record<Role, number>> = {};
      for (const role of ORDER) {
        const before = await databaseDigest(t);
        const response = await send(route, entry, role, tokens);
        answered[role] = response.statusCode;
        const refused = response.statusCode >= 400;
        if (refused) {
          expect(response.json()).toEqual({ message: [expect.any(String)] });
          expect(await databaseDigest(t)).toBe(before);
        }
        if (role === 'staffB' && !refused && entry.staffBActsOnOwnTenant) {
          // B's own list or new object: nothing of A's in it.
          const body = response.json() as { data?: { manufacturer_id?: number }[]; manufacturer_id?: number };
          for (const row of body.data ?? [body]) expect(row.manufacturer_id).not.toBe(world.manufacturerA);
        }
      }
      expect(answered).toEqual(entry.expect);
    });
  }
});
