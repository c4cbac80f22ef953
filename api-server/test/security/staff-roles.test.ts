import { roleMay, STAFF_ACTIONS, STAFF_ROLES, type StaffAction, type StaffRole } from 'shared-kit/contract';
import { createTestApp, type TestApp } from '../support/test-app';
import { STAFF_ROUTE_ACTIONS } from '../../src/auth/staff-route-actions';
import { AUTH_SCHEME } from 'shared-kit/contract';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { injectMatrixRequest } from './matrix-request';
import { buildWorld, databaseDigest, type World } from './matrix-world';

/** The staff routes: the `/api/v1` scope's routes that need a session, the customer portal's scope left out. */
const staffRoutesOf = (t: TestApp) =>
  t.app.routeTable
    .filter((route) => route.url.startsWith('/api/v1/') && !route.url.startsWith('/api/v1/portal') && !route.public)
    .map((route) => `${route.method} ${route.url}`)
    .sort();

describe('the permission table on every staff route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('knows every staff route the server serves, and no route it does not serve', () => {
    const served = staffRoutesOf(t);
    expect(served.filter((route) => !(route in STAFF_ROUTE_ACTIONS))).toEqual([]);
    expect(Object.keys(STAFF_ROUTE_ACTIONS).filter((route) => !served.includes(route))).toEqual([]);
  });

  it('gives every action of the table at least one route', () => {
    const used = new Set(Object.values(STAFF_ROUTE_ACTIONS));
    expect(STAFF_ACTIONS.filter((action) => !used.has(action))).toEqual([]);
  });
});

/**
 * Route × staff role: each route of the table called by a staff member of A of each role answers 403 with the
 * table's plain message (changing nothing) where the role may not act, and anything but 401/403 where it may.
 */
describe('authorization matrix: route × staff role', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
  }, 120_000);
  afterAll(() => t.close());

  const tableRoutes = Object.entries(STAFF_ROUTE_ACTIONS).filter(
    (entry): entry is [string, StaffAction] => entry[1] !== 'signed-in' && entry[1] !== 'superuser',
  );
  // The roles that may not act go first, so every refusal is checked against the world before it changes.
  const order = (action: StaffAction): StaffRole[] =>
    [...STAFF_ROLES].sort((a, b) => Number(roleMay(a, action)) - Number(roleMay(b, action)));

  for (const [route, action] of tableRoutes) {
    it(`${route} (${action}): ${STAFF_ROLES.map((role) => `${role} ${roleMay(role, action) ? 'yes' : '403'}`).join(', ')}`, async () => {
      const entry = AUTHORIZATION_MATRIX[route];
      expect(entry).toBeDefined();
      for (const role of order(action)) {
        const before = await databaseDigest(t);
        const response = await injectMatrixRequest(
          t,
          route,
          entry!.request(world),
          `${AUTH_SCHEME} ${world.staffRoleTokens[role]}`,
        );
        await t.app.backgroundWork.settled();
        if (roleMay(role, action)) {
          const status = response.statusCode;
          expect({ role, status, allowed: status !== 401 && status !== 403 }).toMatchObject({ role, allowed: true });
        } else {
          expect({ role, status: response.statusCode }).toEqual({ role, status: 403 });
          expect(response.json()).toEqual({ message: [expect.stringMatching(/^Your role \(.+\) cannot .+\.$/)] });
          expect(await databaseDigest(t)).toBe(before);
        }
      }
    });
  }
});
