import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nextBetSchema,
  rotationItemSchema,
  rotationQuerySchema,
  setNextBetSchema,
} from '../../../shared/rotation';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { authorOf } from '../audit/record';
import { getNextBet, getRotation, setManualNextMember } from './service';

export const rotationRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['rotation'];

  app.get(
    '/api/rotation',
    { schema: { tags, querystring: rotationQuerySchema, response: { 200: z.array(rotationItemSchema) } } },
    async (req) => getRotation(db, tenantOf(req).syndicateId, req.query.count, now()),
  );

  app.get('/api/next-bet', { schema: { tags, response: { 200: nextBetSchema } } }, async (req) =>
    getNextBet(db, tenantOf(req).syndicateId, now()),
  );

  /** The manual pick; it decides the rotation while the strategy is manual. Answers the next bet. */
  app.put(
    '/api/next-bet',
    {
      onRequest: requireAdmin,
      schema: { tags, body: setNextBetSchema, response: { 200: nextBetSchema } },
    },
    async (req) => {
      const { syndicateId } = tenantOf(req);
      await setManualNextMember(db, syndicateId, req.body.memberId, authorOf(req, now()));
      return getNextBet(db, syndicateId, now());
    },
  );
});
