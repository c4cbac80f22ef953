import { API_KEY_SCOPE_ACTIONS, API_KEY_SCOPES, type StaffAction } from 'shared-kit/contract';
import { ROUTES_NO_KEY_REACHES, routesOfScope, scopesReach } from './api-key-scopes';
import { STAFF_ROUTE_ACTIONS } from './staff-route-actions';

const routesOfAction = (action: StaffAction) =>
  Object.entries(STAFF_ROUTE_ACTIONS)
    .filter(([, access]) => access === action)
    .map(([route]) => route);

describe("an API key's reach, from the permission table", () => {
  it('gives each scope every route of its action but the ones no key reaches, and nothing of another action', () => {
    for (const scope of API_KEY_SCOPES) {
      const action = API_KEY_SCOPE_ACTIONS[scope];
      expect(routesOfScope(scope)).toEqual(routesOfAction(action).filter((route) => !ROUTES_NO_KEY_REACHES.has(route)));
    }
  });

  it('follows a route to the action the table gives it', () => {
    expect(scopesReach(['read'], 'GET', '/api/v1/products/:id/licenses')).toBe(true);
    expect(scopesReach(['read'], 'HEAD', '/api/v1/products/:id/licenses')).toBe(true);
    expect(scopesReach(['builds:upload'], 'GET', '/api/v1/products/:id/licenses')).toBe(false);
    expect(scopesReach(['builds:upload'], 'PUT', '/api/v1/products/:id/builds/:buildId/files/:name')).toBe(true);
    expect(scopesReach(['read'], 'PUT', '/api/v1/products/:id/builds/:buildId/files/:name')).toBe(false);
    expect(scopesReach(['orders:write'], 'POST', '/api/v1/orders/:id/refund')).toBe(true);
    expect(scopesReach(['orders:write'], 'GET', '/api/v1/orders/:id')).toBe(false);
    expect(scopesReach(['read', 'orders:write'], 'GET', '/api/v1/orders/:id')).toBe(true);
  });

  it('keeps every key from the routes on the list, its own management, staff, sessions and the portal', () => {
    const everyScope = [...API_KEY_SCOPES];
    for (const route of ROUTES_NO_KEY_REACHES) {
      const [method, url] = route.split(' ') as [string, string];
      expect({ route, reached: scopesReach(everyScope, method, url) }).toEqual({ route, reached: false });
    }
    expect(scopesReach(everyScope, 'GET', '/api/v1/manufacturers/:id/api-keys')).toBe(false);
    expect(scopesReach(everyScope, 'GET', '/api/v1/manufacturers/:id/staff')).toBe(false);
    expect(scopesReach(everyScope, 'GET', '/api/v1/systemusers/me/sessions')).toBe(false);
    expect(scopesReach(everyScope, 'GET', '/api/v1/manufacturers')).toBe(false);
    expect(scopesReach(everyScope, 'GET', '/api/v1/portal/licenses')).toBe(false);
    expect(scopesReach(everyScope, 'GET', '/api/v1/no/such/route')).toBe(false);
  });

  it('lists only routes of the table, each one a scope would otherwise reach or a guard against one to come', () => {
    for (const route of ROUTES_NO_KEY_REACHES) expect(STAFF_ROUTE_ACTIONS[route]).toBeDefined();
    const readOnes = [...ROUTES_NO_KEY_REACHES].filter((route) => STAFF_ROUTE_ACTIONS[route] === 'read');
    expect(readOnes.sort()).toEqual([
      'GET /api/v1/manufacturers/:id/buyer-mails',
      'GET /api/v1/manufacturers/:id/portal-settings',
      'GET /api/v1/manufacturers/:id/two-factor-requirement',
    ]);
  });
});
