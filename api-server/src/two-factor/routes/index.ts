import type { FastifyPluginAsync } from 'fastify';
import { enrolmentRoutes } from './enrolment';
import { secondStepRoutes } from './second-step';
import type { ProofDependencies } from '../factor-proof';

/** Two-factor sign-in for staff: enrolment of the user's own factors and the second step of a sign-in. */
export const twoFactorRoutes: FastifyPluginAsync<ProofDependencies> = async (app, deps) => {
  await app.register(enrolmentRoutes, deps);
  await app.register(secondStepRoutes, deps);
};
