import { useCallback, useMemo, useRef } from 'react';

/**
 * The Idempotency-Key of a dialog's submission (issue 14; the bank's writes, Add Bet, a plan assigned): a fresh key per distinct request, and
 * the same key again when the same request is sent again (a double click, a retry after a network
 * failure), so the server answers the repeat with the first answer and never pays twice. Sending
 * a changed request gets a new key (the server refuses a reused key with another body: 422).
 * Call `reset()` when the dialog opens.
 */
/**
 * A random key: crypto.randomUUID where the page is a secure context (HTTPS, localhost), else 128
 * random bits from getRandomValues, which plain-HTTP pages (a server on a LAN address) also have.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string; at: Date } | null>(null);
  /**
   * The key of these values, and the moment they were first sent: a form whose request carries
   * the time it was made (a bet's date defaults to now) sends that first time again on a retry,
   * so the repeat is the same request under the same key.
   */
  const attempt = useCallback((values: unknown) => {
    const text = JSON.stringify(values);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey(), at: new Date() };
    return { key: last.current.key, at: last.current.at };
  }, []);
  const keyFor = useCallback((body: unknown) => attempt(body).key, [attempt]);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ attempt, keyFor, reset }), [attempt, keyFor, reset]);
}
