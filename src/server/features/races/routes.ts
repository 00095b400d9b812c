// Races: every member reads and adds; only admins edit and delete (DESIGN "Roles").
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRaceSchema,
  idParamsSchema,
  listRacesQuerySchema,
  raceDetailSchema,
  raceSchema,
  updateRaceSchema,
} from '../../../shared/race';
import { raceResultResponseSchema, raceResultSchema } from '../../../shared/race-result';
import { requireAdminOf, scopedRoutes, tenantOf } from '../../auth/context';
import { lookUpFirst } from '../../auth/tenancy-first';
import { sendJsonText } from '../../lib/json-text';
import { authorOf } from '../audit/record';
import { applyRaceResult } from './result-service';
import { createRace, deleteRace, getRace, listRacesJson, updateRace } from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['races'];

export const racesRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const adminOfRace = requireAdminOf(getRace);

  app.get(
    '/api/races',
    { schema: { tags, querystring: listRacesQuerySchema, response: { 200: z.array(raceSchema) } } },
    async (req, reply) =>
      sendJsonText(reply, await listRacesJson(db, tenantOf(req).syndicateId, req.query.from)),
  );

  app.get(
    '/api/races/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: raceDetailSchema, 404: messageSchema } } },
    async (req) => getRace(db, tenantOf(req).syndicateId, req.params.id),
  );

  app.post(
    '/api/races',
    { schema: { tags, body: createRaceSchema, response: { 201: raceDetailSchema } } },
    async (req, reply) =>
      reply.code(201).send(await createRace(db, tenantOf(req).syndicateId, req.body, authorOf(req, now()))),
  );

  app.put(
    '/api/races/:id',
    {
      // Another syndicate's race answers 404 before its body is read (auth/tenancy-first.ts).
      onRequest: [adminOfRace, lookUpFirst(getRace)],
      schema: {
        tags,
        params: idParamsSchema,
        body: updateRaceSchema,
        response: { 200: raceDetailSchema, 403: messageSchema, 404: messageSchema },
      },
    },
    async (req) => updateRace(db, tenantOf(req).syndicateId, req.params.id, req.body, authorOf(req, now())),
  );

  // The result settles the race's bets by the settlement rules (result-service.ts); admins only.
  app.post(
    '/api/races/:id/result',
    {
      onRequest: [adminOfRace, lookUpFirst(getRace)],
      schema: {
        tags,
        params: idParamsSchema,
        body: raceResultSchema,
        response: {
          200: raceResultResponseSchema,
          403: messageSchema,
          404: messageSchema,
          408: messageSchema.describe('The client went away before the result was saved: nothing changed'),
        },
      },
    },
    async (req) => {
      const { syndicateId, memberId } = tenantOf(req);
      return applyRaceResult(db, syndicateId, req.params.id, req.body, {
        source: 'manual',
        actorMemberId: memberId,
        now: now(),
        wanted: () => req.raw.socket?.destroyed !== true,
      });
    },
  );

  app.delete(
    '/api/races/:id',
    {
      onRequest: adminOfRace,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 204: z.null(), 403: messageSchema, 404: messageSchema },
      },
    },
    async (req, reply) => {
      await deleteRace(db, tenantOf(req).syndicateId, req.params.id, authorOf(req, now()));
      return reply.code(204).send(null);
    },
  );
});
