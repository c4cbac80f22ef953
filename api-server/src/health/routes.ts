import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { DATABASE_UNAVAILABLE } from '../lib/http-error';

const Status = Type.Object({ status: Type.String() });

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it can reach its database). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/healthz', { config: { public: true }, schema: { hide: true, response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: [DATABASE_UNAVAILABLE] });
    }
  });
};
