import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberSchema } from '../../../shared/member';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { getMember } from './service';

export const membersRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/members/me',
    { schema: { tags: ['members'], response: { 200: memberSchema } } },
    async (req) => {
      const { syndicateId, memberId } = tenantOf(req);
      return getMember(db, syndicateId, memberId);
    },
  );
});
