import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../../shared/settings';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { getSettings } from './service';

export const settingsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/settings',
    { schema: { tags: ['settings'], response: { 200: settingsSchema } } },
    async (req) => getSettings(db, tenantOf(req).syndicateId),
  );
});
