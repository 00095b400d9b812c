// Bets: every member reads all bets and adds bets under their own member (admins under anyone);
// members settle, edit and delete their own pending bets, admins any bet (DESIGN "Roles"). The
// service enforces these rules (shared/bet-rights.ts); the routes only pass the caller along.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betSchema,
  createBetSchema,
  createBetsResponseSchema,
  listBetsQuerySchema,
  settleBetSchema,
  updateBetSchema,
} from '../../../shared/bet';
import { idParamsSchema } from '../../../shared/race';
import { requireUser, scopedRoutes, tenantOf } from '../../auth/context';
import { lookUpOnRefusal } from '../../auth/tenancy-first';
import { IDEMPOTENCY_HEADER, idempotencyHeaderSchema, idempotentWrite } from '../../lib/idempotency';
import { sendJsonStream, sendJsonText } from '../../lib/json-text';
import { listBetsJson, streamBetsJson } from './list-json';
import { createBets, deleteBet, getBet, settleBet, updateBet } from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['bets'];
const refusals = { 403: messageSchema, 404: messageSchema };

/** The request's own address (path and every parameter as sent) with the next page's cursor. */
function nextPageUrl(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

export const betsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  // The list arrives as JSON text written by PostgreSQL (list-json.ts), sent as it is
  // (lib/json-text.ts); without `limit` a long list streams. Paged: the next page's address, every
  // filter kept and the cursor added, is in the Link header (RFC 8288), absent on the last page.
  app.get(
    '/api/bets',
    {
      schema: {
        tags,
        querystring: listBetsQuerySchema,
        response: {
          200: z.array(betSchema),
          404: messageSchema.describe("memberId or raceId is not the syndicate's"),
        },
      },
    },
    async (req, reply) => {
      const { syndicateId } = tenantOf(req);
      const { limit } = req.query;
      if (limit === undefined) {
        const list = await streamBetsJson(db, syndicateId, req.query);
        return typeof list === 'string'
          ? sendJsonText(reply, list)
          : sendJsonStream(reply, Readable.from(list));
      }
      const page = await listBetsJson(db, syndicateId, { ...req.query, limit });
      if (page.next !== null) reply.header('link', `<${nextPageUrl(req.url, page.next)}>; rel="next"`);
      return sendJsonText(reply, page.json);
    },
  );

  app.get(
    '/api/bets/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: betSchema, 404: messageSchema } } },
    async (req) => getBet(db, tenantOf(req).syndicateId, req.params.id),
  );

  app.post(
    '/api/bets',
    {
      schema: {
        tags,
        headers: idempotencyHeaderSchema,
        body: createBetSchema,
        response: {
          201: createBetsResponseSchema,
          403: messageSchema,
          422: messageSchema.describe('This Idempotency-Key was already used with a different request'),
        },
      },
    },
    async (req, reply) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      const at = now();
      // With an Idempotency-Key, a retry (a lost answer, a second tap) gets the first answer and
      // adds nothing (lib/idempotency.ts); without one, the bet is added in one statement.
      if (req.headers[IDEMPOTENCY_HEADER] !== undefined) {
        const owner = { syndicateId, userId: requireUser(req).user.id };
        return idempotentWrite(db, req, reply, owner, at, async (tx) => ({
          bets: await createBets(tx, syndicateId, { memberId, role }, req.body, at),
        }));
      }
      const created = await createBets(db, syndicateId, { memberId, role }, req.body, at);
      return reply.code(201).send({ bets: created });
    },
  );

  app.put(
    '/api/bets/:id',
    {
      ...lookUpOnRefusal(getBet),
      schema: {
        tags,
        params: idParamsSchema,
        body: updateBetSchema,
        response: { 200: betSchema, ...refusals },
      },
    },
    async (req) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      return updateBet(db, syndicateId, { memberId, role }, req.params.id, req.body, now());
    },
  );

  app.put(
    '/api/bets/:id/status',
    {
      ...lookUpOnRefusal(getBet),
      schema: {
        tags,
        params: idParamsSchema,
        body: settleBetSchema,
        response: { 200: betSchema, ...refusals, 409: messageSchema },
      },
    },
    async (req) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      return settleBet(db, syndicateId, { memberId, role }, req.params.id, req.body, now());
    },
  );

  app.delete(
    '/api/bets/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: z.null(), ...refusals } } },
    async (req, reply) => {
      const { syndicateId, memberId, role } = tenantOf(req);
      await deleteBet(db, syndicateId, { memberId, role }, req.params.id, now());
      return reply.code(204).send(null);
    },
  );
});
