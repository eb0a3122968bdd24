/** True when a write failed on a unique index or primary key, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  // PostgreSQL's SQLSTATE unique_violation; better-sqlite3's extended result codes.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when PostgreSQL cancelled a transaction to break a deadlock, or for a serialization conflict. */
export function isWriteConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '40P01' || code === '40001';
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08001', '08003', '08006', 'SQLITE_BUSY']);

/** A database that cannot be reached (or is busy past its timeout) is a passing outage, not a bug: 503. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return UNAVAILABLE_CODES.has(code) || /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}
