// What the log writes of an error: its type, code, message, stack and cause, each text cut to a
// few kilobytes. A failed query's message names its SQL and every bound parameter (drizzle's
// "Failed query: … params: …"): a CSV import's ledger statement, cancelled, once wrote a single
// log line of 228 MB (found by probing).

/** The longest message or stack the log keeps (characters); the rest is counted, not written. */
export const LOG_TEXT_MAX = 4_000;

const bounded = (text: unknown): string => {
  const value = typeof text === 'string' ? text : '';
  return value.length <= LOG_TEXT_MAX
    ? value
    : `${value.slice(0, LOG_TEXT_MAX)}… (${value.length - LOG_TEXT_MAX} more characters)`;
};

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError;
}

export function boundedError(error: Error, depth = 0): LoggedError {
  const logged: LoggedError = {
    type: error?.constructor?.name ?? 'Error',
    message: bounded(error?.message ?? String(error)),
    stack: bounded(error?.stack),
  };
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== undefined) logged.code = code;
  if (error?.cause instanceof Error && depth < 3) logged.cause = boundedError(error.cause, depth + 1);
  return logged;
}
