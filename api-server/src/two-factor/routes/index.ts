import type { FastifyPluginAsync } from 'fastify';
import { enrolmentRoutes } from './enrolment';
import { secondStepRoutes } from './second-step';
import { passkeyRoutes, type PasskeyDependencies } from './passkeys';
import { passkeySignInRoutes } from './passkey-sign-in';

/** Two-factor sign-in for staff: enrolment of the user's own factors and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsync<PasskeyDependencies> = async (app, deps) => {
  await app.register(enrolmentRoutes, deps);
  await app.register(secondStepRoutes, deps);
  await app.register(passkeyRoutes, deps);
  await app.register(passkeySignInRoutes, deps);
};
