/** Rows carry Date objects; the contract's timestamps are ISO strings. */
export function withIsoTimestamps<T extends { created_at: Date; updated_at: Date }>(row: T): Omit<T, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string } {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
