import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';
import { staffRouteRefusal } from '../auth/staff-permissions';

/**
 * Every staff route is checked against the permission table (auth/staff-route-actions.ts) once the caller is
 * known: registered after the authentication hook of the same scope, so it runs after it. API keys are held to
 * the same table through the actions their scopes stand for, when they are authenticated (auth/api-key-scopes.ts).
 */
export function registerStaffPermissions(scope: FastifyInstance): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.public || !request.principal) return done();
    const refusal = staffRouteRefusal(request.principal, request.method, request.routeOptions.url ?? '');
    done(refusal === undefined ? undefined : new HttpError(403, refusal));
  });
}
