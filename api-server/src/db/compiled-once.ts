import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database';
import { registerNamedStatement } from './named-statements';

/** Stands for a value while a statement is compiled: its places among the compiled parameters are found by identity. */
class Slot {
  constructor(readonly name: string) {}
}

/** A query builder's query, or a raw `sql` one (which compiles on the database it is given). */
interface CompilableOn<Row> {
  compile(db: Db): CompiledQuery<Row>;
}

/**
 * A statement whose SQL text depends only on its `shape`, built and compiled by Kysely once per shape and then run
 * with each call's values in their places: building and compiling the same query tree again cost as much of the
 * server's CPU as the rest of a GET by id. `build` must use its values only as bound values (parameters), never in
 * JavaScript; the first compile of a shape checks that each of them reached the statement, and a call must pass the
 * same value names as the shape's first. With `named`, every shape is sent as a named statement under that label
 * (db/named-statements.ts).
 */
export function compiledOncePerShape<Shape extends string, Values extends object, Row>(
  build: (db: Db, shape: Shape, values: Values) => CompilableOn<Row>,
  { named: label }: { named?: string } = {},
) {
  const shapes = new Map<Shape, { query: CompiledQuery<Row>; places: (string | undefined)[] }>();
  return async (db: Db, shape: Shape, values: Values): Promise<QueryResult<Row>> => {
    let compiled = shapes.get(shape);
    if (!compiled) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as Values;
      const query = build(db, shape, slots).compile(db);
      const places = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : undefined));
      const unbound = Object.keys(values).filter((name) => !places.includes(name));
      if (unbound.length) throw new Error(`${unbound.join(', ')}: not a bound value of the "${shape}" statement`);
      compiled = { query, places };
      shapes.set(shape, compiled);
      if (label) registerNamedStatement(label, query.sql);
    }
    const { query, places } = compiled;
    const named = values as Record<string, unknown>;
    return db.executeQuery<Row>({
      ...query,
      parameters: places.map((name, index) => (name === undefined ? query.parameters[index] : named[name])),
    });
  };
}
