import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { FileStorage } from '../storage/file-storage';

/** What every area's routes receive: the database, the master key (product keys), file storage, config. */
export interface RouteDependencies {
  db: Db;
  masterKey: Buffer;
  storage: FileStorage;
  config: ServerConfig;
}

type AreaRoutes = FastifyPluginAsyncTypebox<RouteDependencies>;

/** One plugin that registers `routes` in this order, each with the same dependencies (a domain's routes). */
export const routeGroup =
  (...routes: AreaRoutes[]): AreaRoutes =>
  async (app, dependencies) => {
    for (const area of routes) await app.register(area, dependencies);
  };
