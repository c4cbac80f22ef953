import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { TooManyRequests } from '../http-error';
import { csvCell, csvRecords, UTF8_BOM } from './csv-format';

export interface CsvColumn<Row> {
  /** The column's name as the console's table shows it. */
  header: string;
  value: (row: Row) => unknown;
}

/** Kysely cursor batch: rows an export fetches from PostgreSQL per round trip. */
export const FETCH_ROWS = 1000;

/** Rows per CSV chunk: the stream holds at most a few chunks (its high-water mark), whatever the row count. */
const CHUNK_ROWS = 500;

/** Each export holds one database connection for its whole length; more at once would starve the API's pool. */
export const MAX_CONCURRENT_EXPORTS = 3;
/** A tenant (a manufacturer, or the platform's superusers) runs at most this many: it cannot hold every slot. */
export const EXPORTS_PER_TENANT = 2;
/** An export of a large list takes a few seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;
export const TOO_MANY_EXPORTS = 'Too many exports are running. Please try again in a moment.';
export const TOO_MANY_EXPORTS_OF_TENANT =
  'An export of your team is still running. Please wait for it to finish and try again.';
let running = 0;
const runningByTenant = new Map<string, number>();

export const exportFileName = (list: string, now = new Date()) => `${list}-${now.toISOString().slice(0, 10)}.csv`;

async function* csvChunks<Row>(
  columns: CsvColumn<Row>[],
  first: IteratorResult<Row>,
  rows: AsyncIterator<Row>,
): AsyncGenerator<string> {
  try {
    yield UTF8_BOM + csvRecords([columns.map((column) => column.header)]);
    let batch: string[][] = [];
    for (let next = first; !next.done; next = await rows.next()) {
      batch.push(columns.map((column) => csvCell(column.value(next.value))));
      if (batch.length === CHUNK_ROWS) {
        yield csvRecords(batch);
        batch = [];
      }
    }
    if (batch.length) yield csvRecords(batch);
  } finally {
    // Ended early (the client went away, or an error): this closes the cursor and gives the connection back.
    await rows.return?.();
  }
}

/**
 * Sends `rows` (a database cursor: Kysely's `stream()`) as a CSV download. The first row is read before the
 * answer starts, so a failing query still gets a proper error answer. The stream pulls rows only as fast as the
 * client reads; a client that goes away destroys it, which closes the cursor and frees the connection.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<Row>[],
  open: () => AsyncIterableIterator<Row>,
) {
  // A manufacturer's API key exports as its manufacturer: it shares that tenant's slots, not the platform's.
  const manufacturerId = (reply.request.principal ?? reply.request.apiKey)?.manufacturerId ?? null;
  const tenant = manufacturerId === null ? 'platform' : `manufacturer:${manufacturerId}`;
  const ofTenant = runningByTenant.get(tenant) ?? 0;
  if (ofTenant >= EXPORTS_PER_TENANT) throw new TooManyRequests(TOO_MANY_EXPORTS_OF_TENANT, EXPORT_RETRY_AFTER_SECONDS);
  if (running >= MAX_CONCURRENT_EXPORTS) throw new TooManyRequests(TOO_MANY_EXPORTS, EXPORT_RETRY_AFTER_SECONDS);
  running++;
  runningByTenant.set(tenant, ofTenant + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running--;
    const left = (runningByTenant.get(tenant) ?? 1) - 1;
    if (left > 0) runningByTenant.set(tenant, left);
    else runningByTenant.delete(tenant);
  };
  const rows = open();
  try {
    const first = await rows.next();
    const body = Readable.from(csvChunks(columns, first, rows), { objectMode: false });
    body.once('close', release);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  } catch (error) {
    release();
    await rows.return?.();
    throw error;
  }
}
