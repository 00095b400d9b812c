// Idempotency-Key for every POST under /api/bank. The key (1–100 characters, per syndicate and
// user) is looked up after the bank's lock, inside the write's own transaction, so two requests
// with one key are in line: the first writes and stores its answer in the same commit, a repeat
// within 24 hours gets that answer (same status and body) and writes nothing, and the same key
// with another request gets 422. Answers that are refusals of the service (404, 409) are stored
// too, so a retry cannot turn a refused payout into a paid one later; 400s are not stored (the
// request never reached the service).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BANK_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from '../../../shared/bank';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { lockBank } from './ledger';
import type { WriteContext } from './service';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3_600_000;

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

export interface Caller {
  syndicateId: number;
  userId: number;
  memberId: number;
}

/**
 * Runs one bank write in its own transaction under the bank's lock, honouring Idempotency-Key,
 * and sends the answer: `status(body)` for success (201, or 200 for a dry run).
 */
export async function bankWrite<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  now: Date,
  run: (ctx: WriteContext) => Promise<T>,
  status: (body: T) => number = () => 201,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(req);
  const hash = createHash('sha256')
    .update(`${req.method} ${req.url.split('?')[0]} ${canonical(req.body)}`)
    .digest('hex');
  const answer = await db.transaction(async (tx) => {
    await lockBank(tx, caller.syndicateId);
    if (key !== undefined) {
      const { rows } = await tx.execute<{ request_hash: string; status_code: number; body: unknown }>(sql`
        select request_hash, status_code, body from idempotency_keys
         where syndicate_id = ${caller.syndicateId} and user_id = ${caller.userId} and key = ${key}
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
      const result = await tx.transaction((sp) =>
        run({ tx: sp, syndicateId: caller.syndicateId, actorMemberId: caller.memberId, now }),
      );
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
      await tx.execute(sql`
        delete from idempotency_keys
         where (syndicate_id = ${caller.syndicateId} and user_id = ${caller.userId} and key = ${key})
            or created_at <= ${new Date(now.getTime() - TTL_MS)}`);
      await tx.execute(sql`
        insert into idempotency_keys (syndicate_id, user_id, key, request_hash, status_code, body, created_at)
        values (${caller.syndicateId}, ${caller.userId}, ${key}, ${hash}, ${code}, ${JSON.stringify(body)}::jsonb, ${now})`);
    }
    return { code, body, replayed: false };
  });
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.code).send(answer.body);
}
