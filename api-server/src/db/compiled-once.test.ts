import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
} from 'kysely';
import type { Db } from './database';
import { compiledOncePerShape } from './compiled-once';

/** A Kysely that runs nothing and records every statement it is asked to run. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => event.level === 'query' && sent.push(event.query),
  }) as unknown as Db;
  return { db, sent };
}

interface Values {
  manufacturerId: number;
  perPage: number;
  pattern?: string;
}
const build = (db: Db, shape: 'all' | 'search', { manufacturerId, perPage, pattern }: Values) => {
  let query = db
    .selectFrom('end_users')
    .select('id')
    .where('manufacturer_id', '=', manufacturerId)
    .where('deleted' as never, '=', false as never);
  if (shape === 'search') query = query.where('email', 'ilike', pattern!);
  return query.where(sql<boolean>`${manufacturerId} > 0`).limit(perPage);
};

describe('compiledOncePerShape', () => {
  it('sends what building the query for each call would send, building each shape once', async () => {
    const { db, sent } = recordingDb();
    let builds = 0;
    const statement = compiledOncePerShape((db: Db, shape: 'all' | 'search', values: Values) => {
      builds += 1;
      return build(db, shape, values);
    });
    const calls: [shape: 'all' | 'search', values: Values][] = [
      ['all', { manufacturerId: 3, perPage: 25 }],
      ['search', { manufacturerId: 4, perPage: 10, pattern: '%ada%' }],
      ['all', { manufacturerId: 7, perPage: 250 }],
      ['search', { manufacturerId: 9, perPage: 5, pattern: '%bob%' }],
    ];
    for (const [shape, values] of calls) await statement(db, shape, values);
    expect(builds).toBe(2);
    const expected = calls.map(([shape, values]) => build(db, shape, values).compile());
    expect(sent.map(({ sql, parameters }) => ({ sql, parameters }))).toEqual(
      expected.map(({ sql, parameters }) => ({ sql, parameters })),
    );
    expect(sent[2].parameters).toEqual([7, false, 7, 250]);
  });

  it('refuses a build that uses a value in JavaScript rather than binding it', async () => {
    const { db } = recordingDb();
    const statement = compiledOncePerShape((db: Db, _shape: 'one', { text }: { text: string }) =>
      db.selectFrom('end_users').select('id').where('email', 'ilike', `%${text}%`),
    );
    await expect(statement(db, 'one', { text: 'ada' })).rejects.toThrow(
      'text: not a bound value of the "one" statement',
    );
  });
});
