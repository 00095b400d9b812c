import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { syndicateStatsSchema, topPerformerSchema, topPerformersQuerySchema } from '../../../shared/stats';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { getSyndicateStats, getTopPerformers } from './service';

export const statsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['stats'];

  app.get(
    '/api/stats/syndicate',
    { schema: { tags, response: { 200: syndicateStatsSchema } } },
    async (req) => getSyndicateStats(db, tenantOf(req).syndicateId, now()),
  );

  app.get(
    '/api/stats/top-performers',
    {
      schema: { tags, querystring: topPerformersQuerySchema, response: { 200: z.array(topPerformerSchema) } },
    },
    async (req) => getTopPerformers(db, tenantOf(req).syndicateId, req.query.limit),
  );
});
