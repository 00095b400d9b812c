// Tenancy before body. A route with an `:id` and a body validates the body in preValidation,
// after the id's row could be looked up: another syndicate's id with a bad body answered 400,
// which tells a prober the body was read before the id was refused. Registered as an onRequest
// hook (before the body is even parsed), `lookUpFirst(find)` looks the id up in the caller's
// syndicate first, so such a request answers 404 exactly as a missing id does, whatever its body.
// `lookUpOnRefusal(find)` gives the same answers and looks the id up only for a refused request.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { errorHandler } from '../lib/error-handler';
import { idToLookUp, tenantOf } from './context';

type Find = (db: Db, syndicateId: number, id: number) => Promise<unknown>;

/**
 * Route option `{ onRequest: lookUpFirst(find) }` (after `requireAdminOf(find)` when the route has
 * it: that one answers non-admins, this one admins, so each request costs one lookup). `find`
 * throws the route's 404 when the id is not in the syndicate. Ids past int4 can name no row: they
 * are looked up as 0, which no row has.
 */
export function lookUpFirst(find: Find) {
  return async (req: FastifyRequest): Promise<void> => {
    const id = idToLookUp((req.params as { id?: unknown }).id);
    if (id !== undefined) await find(req.server.deps.db, tenantOf(req).syndicateId, id);
  };
}

/** Requests past onRequest whose handler has not started: a refusal of theirs looks the id up first. */
const owed = new WeakSet<FastifyRequest>();

/**
 * The same answers as `onRequest: lookUpFirst(find)`, without the lookup's round trip on a request
 * that reaches its handler: route options `...lookUpOnRefusal(find)` (they bring the route's
 * onRequest), for routes whose handler itself answers 404 for an id not in the syndicate before
 * any other refusal (it locks the row first: the bets' edit and settlement). A request refused
 * after onRequest and before its handler (a body that does not parse, is too large, or fails
 * validation) looks the id up then and answers 404 when it is not the syndicate's, as a missing
 * id does; any other refusal stands as it was.
 */
export function lookUpOnRefusal(find: Find) {
  const lookUp = lookUpFirst(find);
  return {
    onRequest: async (req: FastifyRequest) => {
      owed.add(req);
    },
    preHandler: async (req: FastifyRequest) => {
      owed.delete(req);
    },
    errorHandler: async (error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
      if (owed.delete(req)) {
        try {
          await lookUp(req);
        } catch (notFound) {
          return errorHandler(notFound as Error, req, reply);
        }
      }
      return errorHandler(error, req, reply);
    },
  };
}
