import { sql } from 'kysely';

/** The transaction's time, typed as the timestamp columns it is written to (created_at, updated_at, …). */
export const databaseNow = () => sql<Date>`now()`;
