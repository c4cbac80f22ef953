import { sql } from 'kysely';
import { apiTimestamp, apiTimestampSql } from '../src/db/api-timestamps';
import { createTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

describe('the one timestamp rule of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is written alike by PostgreSQL (pages aggregated as JSON) and by the server (rows read as Dates)', async () => {
    const stored = [
      '2026-01-02 03:04:05.678999+00',
      '1999-12-31 23:59:59.9999+00',
      '2026-06-01 12:00:00+02',
      '2026-03-29 01:30:00.000001+00',
      '2026-11-23 19:00:00.5-08',
    ];
    const rows = await t.db.transaction().execute(async (trx) => {
      // The database session's own time zone must not leak into the answer.
      await sql`SET LOCAL TIME ZONE 'Europe/Berlin'`.execute(trx);
      return Promise.all(
        stored.map((value) => {
          const column = sql<Date>`${value}::timestamptz`;
          return trx.selectNoFrom([column.as('date'), apiTimestampSql(column).as('text')]).executeTakeFirstOrThrow();
        }),
      );
    });
    expect(rows.map((row) => row.text)).toEqual(rows.map((row) => apiTimestamp(row.date)));
    expect(rows[0].text).toBe('2026-01-02T03:04:05.678Z');
    expect(rows[2].text).toBe('2026-06-01T10:00:00.000Z');
  });
});
