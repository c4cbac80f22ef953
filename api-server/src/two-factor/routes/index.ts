import type { FastifyPluginAsync } from 'fastify';
import { enrolmentRoutes } from './enrolment';
import { secondStepRoutes } from './second-step';
import { passkeyRoutes, type PasskeyDependencies } from './passkeys';
import { passkeySignInRoutes } from './passkey-sign-in';
import { enrolmentAtSignInRoutes } from './enrolment-at-sign-in';
import { requirementRoutes } from './requirement';

/**
 * Two-factor sign-in for staff: enrolment of the user's own factors, the second step of a sign-in, the enrolment a
 * required factor leads to at sign-in, and the requirement itself (a manufacturer's and the platform's).
 */
export const twoFactorRoutes: FastifyPluginAsync<PasskeyDependencies> = async (app, deps) => {
  await app.register(enrolmentRoutes, deps);
  await app.register(secondStepRoutes, deps);
  await app.register(passkeyRoutes, deps);
  await app.register(passkeySignInRoutes, deps);
  await app.register(enrolmentAtSignInRoutes, deps);
  await app.register(requirementRoutes, deps);
};
