// Idempotency-Key for money writes (the bank's POSTs, adding a bet, assigning a plan). The key
// (1–100 characters, per syndicate and user) is looked up under a lock, inside the write's own
// transaction, so two requests with one key are in line: the first writes and stores its answer
// in the same commit, a repeat within 24 hours gets that answer (same status and body) and writes
// nothing, and the same key with another request gets 422. Answers that are refusals of the
// service (404, 409) are stored too, so a retry cannot turn a refused payout into a paid one
// later; 400s are not stored (the request never reached the service).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BANK_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from '../../shared/bank';
import type { Db, Tx } from '../db/client';
import { HttpError } from './http-error';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3_600_000;

/** The header as the routes document it (OpenAPI); idempotencyKeyOf checks it. */
export const idempotencyHeaderSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('1–100 characters: a repeat within 24 hours gets the first answer and writes nothing'),
});

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The Idempotency-Key header, or undefined; 400 when it is there but not 1–100 characters. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length < 1 || raw.length > IDEMPOTENCY_KEY_MAX) {
    throw new HttpError(400, BANK_MESSAGES.idempotencyKey, [
      { path: 'Idempotency-Key', message: BANK_MESSAGES.idempotencyKey },
    ]);
  }
  return raw;
}

/** Whose keys these are: one namespace per syndicate and user. */
export interface KeyOwner {
  syndicateId: number;
  userId: number;
}

/**
 * Runs one write in its own transaction, honouring Idempotency-Key, and sends the answer:
 * `status(body)` for success. `lock` runs first in the transaction: the write's own serialising
 * lock (the bank's), or by default a lock on the key alone, so repeats of one key wait for the
 * first.
 */
export async function idempotentWrite<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  owner: KeyOwner,
  now: Date,
  run: (tx: Tx) => Promise<T>,
  options: {
    status?: (body: T) => number;
    lock?: (tx: Tx) => Promise<unknown>;
  } = {},
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(req);
  const status = options.status ?? (() => 201);
  const hash = createHash('sha256')
    .update(`${req.method} ${req.url.split('?')[0]} ${canonical(req.body)}`)
    .digest('hex');
  const answer = await db.transaction(async (tx) => {
    if (options.lock) await options.lock(tx);
    if (key !== undefined) {
      // Without the write's own lock, a lock on the key alone. Its own statement: the lookup
      // after it reads with a snapshot taken once the lock is held (read committed), so it sees
      // the answer a first request with this key committed while this one waited.
      if (!options.lock) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('idempotency'), hashtext(${`${owner.syndicateId}:${owner.userId}:${key}`}))`,
        );
      }
      const { rows } = await tx.execute<{ request_hash: string; status_code: number; body: unknown }>(sql`
        select request_hash, status_code, body from idempotency_keys
         where syndicate_id = ${owner.syndicateId} and user_id = ${owner.userId} and key = ${key}
           and created_at > ${new Date(now.getTime() - TTL_MS)}`);
      const stored = rows[0];
      if (stored) {
        if (stored.request_hash !== hash) throw new HttpError(422, BANK_MESSAGES.idempotencyMismatch);
        return { code: stored.status_code, body: stored.body, replayed: true };
      }
    }
    let code: number;
    let body: unknown;
    try {
      // A savepoint: a refusal undoes whatever the write did, and its answer can still be stored.
      const result = await tx.transaction((sp) => run(sp));
      code = status(result);
      body = result;
    } catch (error) {
      if (
        key === undefined ||
        !(error instanceof HttpError) ||
        (error.statusCode !== 404 && error.statusCode !== 409)
      ) {
        throw error;
      }
      code = error.statusCode;
      body = { message: error.message };
    }
    if (key !== undefined) {
      // The answer kept (over this key's expired one, if any), and every expired key dropped.
      const expired = new Date(now.getTime() - TTL_MS);
      await tx.execute(sql`
        with dropped as (
          delete from idempotency_keys
           where created_at <= ${expired}
             and not (syndicate_id = ${owner.syndicateId} and user_id = ${owner.userId} and key = ${key})
        )
        insert into idempotency_keys (syndicate_id, user_id, key, request_hash, status_code, body, created_at)
        values (${owner.syndicateId}, ${owner.userId}, ${key}, ${hash}, ${code}, ${JSON.stringify(body)}::jsonb, ${now})
        on conflict (syndicate_id, user_id, key) do update
           set request_hash = excluded.request_hash, status_code = excluded.status_code,
               body = excluded.body, created_at = excluded.created_at`);
    }
    return { code, body, replayed: false };
  });
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.code).send(answer.body);
}
