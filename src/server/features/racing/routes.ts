import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { racingStatusSchema } from '../../../shared/settings';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { getRacingStatus } from './service';

export const racingRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, sessionSecret } = app.deps;

  app.get(
    '/api/racing/status',
    { schema: { tags: ['racing'], response: { 200: racingStatusSchema } } },
    async (req) => getRacingStatus(db, tenantOf(req).syndicateId, sessionSecret),
  );
});
