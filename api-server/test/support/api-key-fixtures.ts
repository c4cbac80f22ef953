import type { ApiKeyScope } from 'shared-kit/contract';
import type { Db } from '../../src/db/database';
import { newKeySecret } from '../../src/api-keys/api-key-rules';
import { insertApiKey } from '../../src/api-keys/queries/api-keys';

/** A live API key of the manufacturer with these scopes, made as the console makes one: its id and its secret. */
export async function createApiKey(db: Db, manufacturerId: number, scopes: ApiKeyScope[], name = scopes.join(' ')) {
  const key = newKeySecret();
  const id = await insertApiKey(db, {
    manufacturerId,
    name,
    prefix: key.prefix,
    hash: key.hash,
    scopes,
    expiresAt: null,
    createdBy: null,
  });
  return { id, secret: key.secret };
}
