// Idempotency-Key for every POST under /api/bank (lib/idempotency.ts): the key is looked up after
// the bank's lock, so the bank's writes and their repeats are in one line per syndicate.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { idempotentWrite } from '../../lib/idempotency';
import { lockBank } from './ledger';
import type { WriteContext } from './service';

export interface Caller {
  syndicateId: number;
  userId: number;
  memberId: number;
}

/**
 * Runs one bank write in its own transaction under the bank's lock, honouring Idempotency-Key,
 * and sends the answer: `status(body)` for success (201, or 200 for a dry run).
 */
export function bankWrite<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  now: Date,
  run: (ctx: WriteContext) => Promise<T>,
  status: (body: T) => number = () => 201,
): Promise<FastifyReply> {
  return idempotentWrite(
    db,
    req,
    reply,
    caller,
    now,
    (tx) => run({ tx, syndicateId: caller.syndicateId, actorMemberId: caller.memberId, now }),
    { status, lock: (tx) => lockBank(tx, caller.syndicateId) },
  );
}
