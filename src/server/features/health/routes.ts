import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /api/health: 200 once the database answers (no auth). */
export const healthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_req, reply) => {
      await app.deps.db.execute(sql`select 1`);
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const });
    },
  );
};
