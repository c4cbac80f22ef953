import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { compiledOncePerShape } from '../db/compiled-once';
import { flushWal } from '../db/wal-flush';

export interface RateLimit {
  /** What is counted, e.g. `login:ip:<addr>`; every server instance sharing the database counts the same bucket. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the bucket's window ends (at least 1); of several refusing buckets, the latest. */
  retryAfterSeconds: number;
}

/** PostgreSQL text cannot hold U+0000 and a caller's key (an email, a serial) may: such keys are counted with their U+FFFD twins. */
const storable = (bucket: string) => bucket.replace(/\u0000/g, '\uFFFD');

interface Buckets {
  /** Storable bucket names in sorted order, and each one's limit. */
  buckets: string[];
  byBucket: Map<string, RateLimit>;
}

/** The counting's bound values: the storable buckets in order and each one's window. */
interface CountingValues {
  buckets: string[];
  windows: number[];
}

/** Where a statement runs decides its text (countingCtes): its own commit, or its caller's transaction. */
const commitShape = (db: Db) => (db.isTransaction ? 'in-transaction' : 'own-commit');

const countingValues = ({ buckets, byBucket }: Buckets): CountingValues => ({
  buckets,
  windows: buckets.map((bucket) => byBucket.get(bucket)!.windowSeconds),
});

function bucketsOf(limits: RateLimit[]): Buckets {
  const byBucket = new Map<string, RateLimit>();
  for (const limit of limits) byBucket.set(storable(limit.bucket), limit);
  return { buckets: [...byBucket.keys()].sort(), byBucket };
}

/**
 * The counting, as a CTE `counted` (bucket, hits, retry_after) of a statement: the upsert starts a new window where
 * the old one ended. Rows are upserted in bucket order, so two calls sharing buckets cannot deadlock. Expired buckets
 * are removed by a sweep (rate-limit-sweep.ts), not by the calls: pruning others' buckets in every call cost a sixth
 * of PostgreSQL's CPU per heart-beat (docs/performance.md).
 *
 * Outside a transaction the statement commits asynchronously (`synchronous_commit` off for it only): a counter is
 * not worth a disk flush per call, and a crash can lose at most the last fraction of a second of counts
 * (docs/client-api.md). Inside a caller's transaction the caller's commit decides. A statement that adds these
 * CTEs to a read keeps that: the read writes nothing that needs the flush.
 */
function countingCtes(db: Db, { buckets, windows }: CountingValues, durable = false) {
  const asyncCommit =
    db.isTransaction || durable ? sql`` : sql`, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
  return sql`counted AS (
      INSERT INTO rate_limits AS r (bucket, hits, window_ends_at)
      SELECT k.bucket, 1, now() + make_interval(secs => k.seconds)
      FROM unnest(${buckets}::text[], ${windows}::integer[]) WITH ORDINALITY AS k(bucket, seconds, n)${asyncCommit}
      ORDER BY k.n
      ON CONFLICT (bucket) DO UPDATE SET
        hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE least(r.hits, 1000000000) + 1 END,
        window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
      RETURNING bucket, hits, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::integer AS retry_after
    )`;
}

interface Hit {
  bucket: string;
  hits: number;
  retry_after: number;
}

function decide({ byBucket }: Buckets, rows: Hit[]): RateLimitDecision {
  const refused = rows.filter((row) => row.hits > byBucket.get(row.bucket)!.limit);
  const waits = (refused.length > 0 ? refused : rows).map((row) => row.retry_after);
  return { allowed: refused.length === 0, retryAfterSeconds: Math.max(...waits) };
}

// Each statement below is built and compiled once per shape (db/compiled-once.ts) and sent by name: building and
// compiling its query tree again on every client call cost more of the server's CPU than the rest of the counting.
const countingStatement = compiledOncePerShape(
  (db: Db, _shape: ReturnType<typeof commitShape>, values: CountingValues) =>
    sql<Hit>`WITH ${countingCtes(db, values)} SELECT bucket, hits, retry_after FROM counted`,
  { named: 'rate_limits' },
);

/** Counts one hit in a fixed window of each bucket, all in one statement (see countingCtes). */
export async function consumeRateLimits(db: Db, limits: RateLimit[]): Promise<RateLimitDecision> {
  const buckets = bucketsOf(limits);
  if (buckets.buckets.length === 0) return { allowed: true, retryAfterSeconds: 1 };
  const result = await countingStatement(db, commitShape(db), countingValues(buckets));
  return decide(buckets, result.rows);
}

/** A read (and CTEs it may use) built from its values, which it uses only as bound values. */
export type ReadBuilder<Shape extends string, Values extends object, Row extends object> = (
  db: Db,
  shape: Shape,
  values: Values,
) => { read: RawBuilder<Row>; readCtes?: RawBuilder<unknown> };

/**
 * A read that counts the call's hits in the same statement: one round trip instead of two. `build` answers, for a
 * shape, a SELECT answering at most one row and CTEs it may use; its SQL text must depend only on the shape (its
 * values are bound values only). The read runs whatever the decision (it changes nothing); the caller must not use
 * its row when the call is refused. `row` is undefined when the read found none.
 */
export function countedRead<Shape extends string, Values extends object, Row extends object>(
  label: string,
  build: ReadBuilder<Shape, Values, Row>,
) {
  const counted = compiledOncePerShape(
    (db: Db, shape: `${ReturnType<typeof commitShape>}:${Shape}`, values: Values & CountingValues) => {
      const { read, readCtes } = build(db, shape.slice(shape.indexOf(':') + 1) as Shape, values);
      return sql<{ rate_limits: Hit[]; found: boolean | null } & Row>`
      WITH ${countingCtes(db, values)}${readCtes ? sql`, ${readCtes}` : sql``}
      SELECT h.rate_limits, r.*
      FROM (SELECT json_agg(c) AS rate_limits FROM counted c) h
      LEFT JOIN LATERAL (SELECT true AS found, q.* FROM (${read}) q) r ON true`;
    },
    { named: label },
  );
  const uncounted = compiledOncePerShape(
    (db: Db, shape: Shape, values: Values) => {
      const { read, readCtes } = build(db, shape, values);
      return sql<Row>`${readCtes ? sql`WITH ${readCtes} ` : sql``}${read}`;
    },
    { named: label },
  );
  return async (
    db: Db,
    limits: RateLimit[],
    shape: Shape,
    values: Values,
  ): Promise<{ decision: RateLimitDecision; row: Row | undefined }> => {
    const buckets = bucketsOf(limits);
    if (buckets.buckets.length === 0) {
      const { rows } = await uncounted(db, shape, values);
      return { decision: { allowed: true, retryAfterSeconds: 1 }, row: rows[0] };
    }
    const result = await counted(db, `${commitShape(db)}:${shape}`, { ...values, ...countingValues(buckets) });
    const { rate_limits: hits, found, ...row } = result.rows[0]!;
    return { decision: decide(buckets, hits), row: found ? (row as unknown as Row) : undefined };
  };
}

/**
 * A write that runs only when every bucket admits the call, counted in the same statement: one round trip for a
 * call whose work is one write. `build` answers, for a shape, a data-modifying CTE named `written` whose statement
 * ends with `AND (SELECT ok FROM admitted)` and RETURNING at most one row; its SQL text must depend only on the shape.
 * The statement commits durably, as the write needs. With `flushAfter`, it commits without waiting for the disk
 * and a written row is made durable by a WAL flush after it (db/wal-flush.ts), before the caller answers: its rows,
 * the shared counters among them, are then not locked through the disk's flush, which serialised every call on one
 * serial or address (a check-in holding the serial's counter while the next check-out waits to count).
 * `row` is undefined when the call was refused or the write changed nothing. `build` may also answer `thenCtes`: more
 * CTEs after `written` (e.g. an audit row of what it wrote, read from `written`).
 */
export function countedWrite<Shape extends string, Values extends object, Row extends object>(
  label: string,
  build: (
    db: Db,
    shape: Shape,
    values: Values,
  ) => RawBuilder<Row> | { write: RawBuilder<Row>; thenCtes: RawBuilder<unknown> },
  { flushAfter = false }: { flushAfter?: boolean } = {},
) {
  const statement = compiledOncePerShape(
    (db: Db, shape: Shape, values: Values & CountingValues & { caps: number[] }) => {
      const built = build(db, shape, values);
      const { write, thenCtes } = 'write' in built ? built : { write: built, thenCtes: undefined };
      return sql<{ rate_limits: Hit[] | null; found: boolean | null } & Row>`
      WITH ${countingCtes(db, values, !flushAfter)}, admitted AS (
        SELECT coalesce(bool_and(c.hits <= k.cap), true) AS ok
        FROM counted c JOIN unnest(${values.buckets}::text[], ${values.caps}::integer[]) AS k(bucket, cap) USING (bucket)
      ), written AS (${write})${thenCtes ? sql`, ${thenCtes}` : sql``}
      SELECT h.rate_limits, w.*
      FROM (SELECT json_agg(c) AS rate_limits FROM counted c) h
      LEFT JOIN LATERAL (SELECT true AS found, x.* FROM written x) w ON true`;
    },
    { named: label },
  );
  return async (
    db: Db,
    limits: RateLimit[],
    shape: Shape,
    values: Values,
  ): Promise<{ decision: RateLimitDecision; row: Row | undefined }> => {
    const buckets = bucketsOf(limits);
    const caps = buckets.buckets.map((bucket) => buckets.byBucket.get(bucket)!.limit);
    const result = await statement(db, shape, { ...values, ...countingValues(buckets), caps });
    const { rate_limits: hits, found, ...row } = result.rows[0]!;
    if (found && flushAfter && !db.isTransaction) await flushWal(db);
    const decision = hits ? decide(buckets, hits) : { allowed: true, retryAfterSeconds: 1 };
    return { decision, row: found ? (row as unknown as Row) : undefined };
  };
}

/** Counts one hit of one bucket (see consumeRateLimits). */
export const consumeRateLimit = (db: Db, limit: RateLimit) => consumeRateLimits(db, [limit]);

/** Counts one call against every limit; the seconds to wait when any is exceeded, else null. */
export async function retryAfterOf(db: Db, limits: RateLimit[]): Promise<number | null> {
  const decision = await consumeRateLimits(db, limits);
  return decision.allowed ? null : decision.retryAfterSeconds;
}
