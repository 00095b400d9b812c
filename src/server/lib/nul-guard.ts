// PostgreSQL text cannot hold the NUL character (U+0000): a body carrying one would fail deep in
// a query as a 500. This preValidation hook refuses such bodies up front with a 400 naming the
// field, before any handler or query runs, so such input changes nothing.
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** The path of the first string (or key) holding U+0000, or null. Depth-limited (bodies are small). */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

// Thrown, not sent, so that the route's error handler sees it (auth/tenancy-first.ts answers an
// id not in the caller's syndicate 404 before such a refusal).
export async function rejectNul(req: FastifyRequest): Promise<void> {
  const path = findNul(req.body) ?? findNul(req.query, ['query']);
  if (!path) return;
  throw new HttpError(400, NUL_MESSAGE, [{ path: path.join('.'), message: NUL_MESSAGE }]);
}
