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
