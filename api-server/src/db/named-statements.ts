import { createHash } from 'node:crypto';
import type { CompiledQuery, RawBuilder } from 'kysely';
import { Query, type PoolClient, type QueryResult } from 'pg';
import type { Db } from './database';

// Hot statements sent as named (prepared) statements: PostgreSQL parses them once per connection and, after a few
// runs, keeps a generic plan, so a call no longer pays planning (most of its PostgreSQL CPU, docs/performance.md,
// "Client API: one round trip, named statements"). Only texts registered here are named, so each connection holds a bounded set of them.

const names = new Map<string, string>();

/** The statement name a registered text is sent under, or undefined when it is sent unnamed. */
export const statementNameOf = (text: string) => names.get(text);

/** Sends `text` by a name from now on (statements compiled once per shape register theirs once, db/compiled-once.ts). */
export function registerNamedStatement(label: string, text: string) {
  if (!names.has(text)) names.set(text, `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`);
}

/** Runs `query` as a named statement (on connections that `nameRegisteredStatements` prepared). */
export async function executeNamed<Row>(db: Db, label: string, query: RawBuilder<Row>) {
  const compiled: CompiledQuery<Row> = query.compile(db);
  registerNamedStatement(label, compiled.sql);
  return db.executeQuery(compiled);
}

/** Sends the registered texts of this pool client by their names; every other query goes as before. */
export function nameRegisteredStatements(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    if (!name || callback !== undefined) return query(config, values, callback);
    // Made from the text and named after: pg copies a query config object by its property descriptors, a cost per
    // call that the text form does not pay.
    return new Promise<QueryResult>((resolve, reject) => {
      const named = new Query(config as string, values as unknown[], (error: Error | undefined, result: QueryResult) =>
        error ? reject(error) : resolve(result),
      );
      (named as unknown as { name: string }).name = name;
      query(named);
    });
  };
}
