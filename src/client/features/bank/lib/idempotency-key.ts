import { useCallback, useMemo, useRef } from 'react';

/**
 * The Idempotency-Key of a dialog's submission (issue 14): a fresh key per distinct request, and
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
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ keyFor, reset }), [keyFor, reset]);
}
