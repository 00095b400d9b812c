import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseDayKey } from '../../../shared/dates';
import { racingStatusSchema } from '../../../shared/settings';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { importRaceCards } from './import-service';
import { getRacingStatus, ProviderCheckCache, racingProvider } from './service';

export const DATE_MESSAGE = 'Date must be a day in the form YYYY-MM-DD';

// (Candidates for src/shared/racing.ts once a client form imports races.)
/** POST /api/racing/import. */
export const importRacesSchema = z.object({
  date: z
    .string({ error: DATE_MESSAGE })
    .trim()
    .max(10, DATE_MESSAGE)
    .refine((d) => parseDayKey(d) !== null, DATE_MESSAGE),
});
export const importResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });

export const racingRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, sessionSecret, env, now } = app.deps;
  const tags = ['racing'];
  const provider = racingProvider(env);
  const checks = new ProviderCheckCache(provider, now);

  app.get('/api/racing/status', { schema: { tags, response: { 200: racingStatusSchema } } }, async (req) => {
    const { syndicateId } = tenantOf(req);
    return getRacingStatus(db, syndicateId, sessionSecret, checks.forSyndicate(syndicateId));
  });

  app.post(
    '/api/racing/import',
    {
      onRequest: requireAdmin,
      schema: { tags, body: importRacesSchema, response: { 200: importResultSchema } },
    },
    async (req) =>
      importRaceCards(db, tenantOf(req).syndicateId, sessionSecret, provider, req.body.date, now()),
  );
});
