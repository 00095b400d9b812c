// Tenancy before body. A route with an `:id` and a body validates the body in preValidation,
// after the id's row could be looked up: another syndicate's id with a bad body answered 400,
// which tells a prober the body was read before the id was refused. Registered as an onRequest
// hook (before the body is even parsed), `lookUpFirst(find)` looks the id up in the caller's
// syndicate first, so such a request answers 404 exactly as a missing id does, whatever its body.
import type { FastifyRequest } from 'fastify';
import { MAX_ID } from '../../shared/member';
import type { Db } from '../db/client';
import { tenantOf } from './context';

/** An id as the params schemas accept it; anything else is left to them (400). */
const ID = /^[1-9][0-9]*$/;

/**
 * Route option `{ onRequest: lookUpFirst(find) }` (after `requireAdminOf(find)` when the route has
 * it: that one answers non-admins, this one admins, so each request costs one lookup). `find`
 * throws the route's 404 when the id is not in the syndicate. Ids past int4 can name no row: they
 * are looked up as 0, which no row has.
 */
export function lookUpFirst(find: (db: Db, syndicateId: number, id: number) => Promise<unknown>) {
  return async (req: FastifyRequest): Promise<void> => {
    const raw = (req.params as { id?: unknown }).id;
    if (typeof raw !== 'string' || !ID.test(raw)) return;
    const id = raw.length > 10 || Number(raw) > MAX_ID ? 0 : Number(raw);
    await find(req.server.deps.db, tenantOf(req).syndicateId, id);
  };
}
