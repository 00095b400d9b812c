/** PostgreSQL error codes we act on (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
function pgCode(err: unknown): string | undefined {
  // drizzle wraps driver errors; the pg error is the cause.
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
/** Text PostgreSQL cannot store (a NUL character, or bytes invalid in UTF-8). */
export const isUnstorableText = (err: unknown) => ['22021', '22P05'].includes(pgCode(err) ?? '');
/**
 * A transaction PostgreSQL aborted so that another could go on: a deadlock (40P01) or a
 * serialisation failure (40001). Nothing it did was kept; run again, it may well succeed.
 */
export const isTransientConflict = (err: unknown) => ['40P01', '40001'].includes(pgCode(err) ?? '');
